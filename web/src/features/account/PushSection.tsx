import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Alert, Button, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../lib/client';
import { currentSubscription, pushConfigUrl, pushSupported, subscribeThisBrowser, unsubscribeThisBrowser, type PushConfig } from '../notifications/push';
import { toast } from '../../components/toast/toast-store';
import { FormSection } from '../../components/form-kit';
import { useSiteName } from '../site-settings/api';

const subscriptionKey = ['push-subscription'];

/** Web Push on this device: the live notices reach it with the page closed, once the admin turned Web Push on. */
export function PushSection() {
  const site = useSiteName();
  const queryClient = useQueryClient();
  const config = useQuery<PushConfig>({ queryKey: [pushConfigUrl], staleTime: 0 });
  const subscribed = useQuery({ queryKey: subscriptionKey, queryFn: async () => Boolean(await currentSubscription()), enabled: pushSupported() });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!config.data?.enabled) return null;

  const act = async (on: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (on) await subscribeThisBrowser();
      else await unsubscribeThisBrowser();
      toast({ title: on ? 'Notifiche attive su questo dispositivo' : 'Notifiche disattivate su questo dispositivo', variant: 'success' });
    } catch (e) {
      setProblem(errorText(e, 'Non è stato possibile attivare le notifiche su questo dispositivo.'));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: subscriptionKey });
    }
  };

  return (
    <FormSection title="Notifiche su questo dispositivo" description="Gli avvisi in tempo reale arrivano anche a pagina chiusa, come le notifiche delle app.">
      {!pushSupported() ? (
        <Alert severity="info">Questo browser non riceve notifiche push. Sull’iPhone aggiungi prima {site} alla schermata Home.</Alert>
      ) : (
        <>
          {problem && (
            <Alert severity="warning" role="alert">
              {problem}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary" data-testid="push-state">
            {subscribed.data ? 'Questo dispositivo riceve le notifiche.' : 'Questo dispositivo non riceve ancora le notifiche.'}
          </Typography>
          <Button
            variant={subscribed.data ? 'outlined' : 'contained'}
            startIcon={<NotificationsActiveIcon />}
            onClick={() => act(!subscribed.data)}
            disabled={busy}
            sx={{ justifySelf: 'start' }}
          >
            {subscribed.data ? 'Disattiva su questo dispositivo' : 'Attiva su questo dispositivo'}
          </Button>
        </>
      )}
    </FormSection>
  );
}
