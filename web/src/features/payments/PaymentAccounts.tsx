import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { QueryView } from '../../components/QueryView';
import { toast } from '../../components/toast/toast-store';
import { errorText } from '../../lib/client';
import {
  accountStatusHints,
  accountStatusLabels,
  collaboratorAccountStatusHints,
  fetchMyPaymentAccounts,
  myPaymentAccountsKey,
  refreshPaymentAccount,
  startAccountOnboarding,
  type AccountHolder,
  type AccountProvider,
  type PaymentAccount,
} from './api';

type ProviderNames = Record<AccountProvider, { title: string; what: string; connect: string; complete: string }>;
const providerNames: Record<AccountHolder, ProviderNames> = {
  store: {
    stripe: {
      title: 'Carte di credito e di debito (Stripe)',
      what: 'Stripe incassa i pagamenti con carta dei clienti e li versa sul tuo conto bancario.',
      connect: 'Collega il conto Stripe',
      complete: 'Completa i dati su Stripe',
    },
    sandbox: {
      title: 'Pagamenti di prova',
      what: 'Un conto finto per provare gli ordini pagati online: nessun addebito e nessun accredito reale.',
      connect: 'Attiva il conto di prova',
      complete: 'Completa l’attivazione',
    },
    paypal: {
      title: 'PayPal',
      what: 'I clienti pagano con PayPal e il denaro arriva sul conto PayPal business del negozio, al netto della commissione.',
      connect: 'Collega il conto PayPal',
      complete: 'Completa il collegamento su PayPal',
    },
  },
  collaborator: {
    stripe: {
      title: 'Conto Stripe',
      what: 'La piattaforma ti trasferisce i compensi sul conto Stripe, che li versa sul tuo conto bancario.',
      connect: 'Collega il conto Stripe',
      complete: 'Completa i dati su Stripe',
    },
    sandbox: {
      title: 'Conto di prova',
      what: 'Un conto finto per provare i compensi trasferiti: nessun accredito reale.',
      connect: 'Attiva il conto di prova',
      complete: 'Completa l’attivazione',
    },
    // Not offered to collaborators (the server lists it for shops only).
    paypal: { title: 'PayPal', what: '', connect: 'Collega il conto PayPal', complete: 'Completa il collegamento su PayPal' },
  },
};

const statusColours: Record<PaymentAccount['status'], 'success' | 'info' | 'warning' | 'error'> = {
  enabled: 'success',
  verification_pending: 'info',
  details_missing: 'warning',
  restricted: 'error',
};

const percent = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

/**
 * A holder's payment accounts (issue [20]): the shop's, where the customers' online payments go, or
 * the collaborator's, where the platform transfers their compensations. Each provider the platform
 * offers, the holder's account there and what it can do, what the provider still needs, and the
 * button to its onboarding page. Back from that page (`?conto=<provider>`), the account is read
 * again from the provider.
 */
export function PaymentAccounts({ holder = 'store' }: { holder?: AccountHolder }) {
  const queryClient = useQueryClient();
  const key = myPaymentAccountsKey(holder);
  const accounts = useQuery({ queryKey: key, queryFn: () => fetchMyPaymentAccounts(holder) });
  const [params, setParams] = useSearchParams();
  const back = params.get('conto');

  const refresh = useMutation({
    mutationFn: (provider: AccountProvider) => refreshPaymentAccount(provider, holder),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  const onboard = useMutation({
    mutationFn: (provider: AccountProvider) => startAccountOnboarding(provider, holder),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toast({ title: 'Conto non collegato', description: errorText(error, 'Il fornitore dei pagamenti non risponde: riprova tra poco.'), variant: 'destructive' }),
  });

  // Back from the provider's page: what it says of the account now, once.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || (back !== 'stripe' && back !== 'sandbox' && back !== 'paypal')) return;
    asked.current = true;
    refresh.mutate(back, {
      onSettled: () => {
        const next = new URLSearchParams(params);
        next.delete('conto');
        next.delete('rinnova');
        setParams(next, { replace: true });
      },
    });
  }, [back, params, refresh, setParams]);

  return (
    <QueryView query={accounts} loading={<CircularProgress size={24} aria-label="Caricamento dei conti" />} fallback="Non è stato possibile leggere i conti di pagamento.">
      {accounts.data && (
        <Stack spacing={2}>
          {accounts.data.commissionPercentage === null ? (
            <Typography>
              Quando l’amministrazione paga un incarico completato, il compenso ti arriva con un trasferimento sul tuo conto presso il fornitore, che lo versa poi sul tuo conto
              bancario.
            </Typography>
          ) : (
            <Typography>
              I pagamenti online dei clienti arrivano direttamente sul conto del negozio presso il fornitore. Su ogni ordine pagato online la piattaforma trattiene la commissione
              del tuo piano, il <strong>{percent.format(accounts.data.commissionPercentage)} %</strong> del totale; il resto è tuo.
            </Typography>
          )}
          {accounts.data.providers.length === 0 && (
            <Alert severity="info">
              {holder === 'store'
                ? 'I pagamenti online non sono ancora attivi sulla piattaforma: per ora i clienti pagano al ritiro.'
                : 'I pagamenti online non sono ancora attivi sulla piattaforma: per ora l’amministrazione ti paga i compensi in altro modo.'}
            </Alert>
          )}
          {accounts.data.providers.map(({ provider, available, account }) => {
            const names = providerNames[holder][provider];
            const busy = (onboard.isPending && onboard.variables === provider) || (refresh.isPending && refresh.variables === provider);
            return (
              <Box key={provider} component="section" aria-labelledby={`conto-${provider}`} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 1.5, sm: 2 } }}>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
                  <Typography id={`conto-${provider}`} component="h3" sx={{ fontWeight: 600 }}>
                    {names.title}
                  </Typography>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={account ? statusColours[account.status] : 'default'}
                    label={account ? accountStatusLabels[account.status] : 'Non collegato'}
                  />
                </Stack>
                <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                  {account ? (holder === 'store' ? accountStatusHints : collaboratorAccountStatusHints)[account.status] : names.what}
                </Typography>
                {account && account.missing.length > 0 && (
                  <Box sx={{ mt: 1 }}>
                    <Typography sx={{ fontWeight: 600 }}>Il fornitore chiede ancora:</Typography>
                    <Box component="ul" sx={{ m: 0, pl: 3 }}>
                      {account.missing.map((m) => (
                        <li key={m}>{m}</li>
                      ))}
                    </Box>
                  </Box>
                )}
                {!available && (
                  <Alert severity="warning" sx={{ mt: 1 }}>
                    {holder === 'store'
                      ? 'La piattaforma ha sospeso questo fornitore: i clienti non possono pagare così per ora.'
                      : 'La piattaforma ha sospeso questo fornitore: per ora non ti trasferisce i compensi qui.'}
                  </Alert>
                )}
                <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap' }}>
                  {available && (!account || account.status !== 'enabled') && (
                    <Button variant="contained" endIcon={provider !== 'sandbox' ? <OpenInNewIcon /> : undefined} disabled={busy} onClick={() => onboard.mutate(provider)}>
                      {busy && onboard.isPending ? 'Caricamento...' : account ? names.complete : names.connect}
                    </Button>
                  )}
                  {(account || provider === 'paypal') && provider !== 'sandbox' && available && (
                    <Button variant="outlined" disabled={busy} onClick={() => refresh.mutate(provider)}>
                      {busy && refresh.isPending ? 'Caricamento...' : 'Aggiorna lo stato'}
                    </Button>
                  )}
                </Stack>
                {refresh.isError && refresh.variables === provider && (
                  <Alert severity="error" sx={{ mt: 1 }}>
                    {errorText(refresh.error, 'Il fornitore dei pagamenti non risponde: riprova tra poco.')}
                  </Alert>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </QueryView>
  );
}
