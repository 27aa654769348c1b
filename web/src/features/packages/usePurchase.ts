import { useState } from 'react';
import { errorText } from '../../lib/client';
import type { PaymentMethod } from './api';

/**
 * Buying with a way to pay (a plan, a pack of credits, a collaboration's package): `start` asks
 * the API; a paid purchase goes on to the provider's page (the page reads the outcome when the
 * user comes back), one settled at once (free) runs `settled`. Busy while it goes; why it failed
 * in the API's words.
 */
export function usePurchase(start: (method: PaymentMethod) => Promise<{ paymentUrl?: string | null }>, settled?: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const buy = async (method: PaymentMethod) => {
    setBusy(true);
    setError(null);
    try {
      const { paymentUrl } = await start(method);
      if (paymentUrl) {
        window.location.assign(paymentUrl);
        return;
      }
      await settled?.();
    } catch (e) {
      setError(errorText(e, 'Non è stato possibile avviare l’acquisto. Riprova.'));
    }
    setBusy(false);
  };
  return { busy, error, buy };
}
