import * as RadixToast from '@radix-ui/react-toast';
import { dismissToast, useToasts } from './toast-store';
import './toaster.css';

/**
 * The toaster of spec §9: 5000 ms, swipe right past 50 px to dismiss, F8 moves focus to the
 * toasts (Radix Toast's hotkey), 420 px wide at most from medium screens up.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <RadixToast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notifica">
      {toasts.map((t) => (
        <RadixToast.Root key={t.id} open={t.open} onOpenChange={(open) => !open && dismissToast(t.id)} className={`toast toast--${t.variant ?? 'default'}`}>
          <RadixToast.Title className="toast__title">{t.title}</RadixToast.Title>
          {t.description && <RadixToast.Description className="toast__description">{t.description}</RadixToast.Description>}
          <RadixToast.Close className="toast__close" aria-label="Chiudi">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="toast-viewport" hotkey={['F8']} label="Notifiche ({hotkey})" />
    </RadixToast.Provider>
  );
}
