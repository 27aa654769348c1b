import { lazy, Suspense, useState } from 'react';
import { useToasts } from './toast-store';

/**
 * The toaster's code (Radix Toast) is loaded with the first toast, not with the page: most first
 * visits show none, and it weighed a tenth of the home page's first load (issue [23], bench:web).
 * Once loaded it stays, so that a toast closes with its transition and F8 reaches the next ones.
 */
const Toaster = lazy(() => import('./Toaster').then((m) => ({ default: m.Toaster })));

export function ToastHost() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
