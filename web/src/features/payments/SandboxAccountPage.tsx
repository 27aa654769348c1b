import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { errorText } from '../../lib/client';
import { usePageTitle } from '../site-settings/api';
import { SandboxFrame } from './SandboxFrame';
import { accountStatusLabels, activateSandboxAccount, fetchSandboxAccount, sandboxAccountKey } from './api';

/**
 * /pagamenti/prova/conto/:accountId: the test payments' onboarding page, where Stripe's hosted
 * onboarding would be. The shopkeeper (or the collaborator, for their compensations' account)
 * completes the (pretend) details; the server then tells the app by a signed `account.updated`
 * webhook, as Stripe would, and the page sends them back (the shop's settings, the collaborator's
 * «Guadagni»). No real data is asked for.
 */
export default function SandboxAccountPage() {
  usePageTitle('Conto di prova');
  const { accountId = '' } = useParams();
  const navigate = useNavigate();
  const back = useSearchParams()[0].get('ritorno');
  const backPath = back && back.startsWith('/') && !back.startsWith('//') ? back : '/shopkeeper/store/settings?sezione=pagamenti';
  const queryClient = useQueryClient();
  const account = useQuery({ queryKey: sandboxAccountKey(accountId), queryFn: () => fetchSandboxAccount(accountId) });
  const activate = useMutation({
    mutationFn: () => activateSandboxAccount(accountId),
    onSuccess: (answer) => {
      queryClient.setQueryData(sandboxAccountKey(accountId), answer);
      void navigate(backPath);
    },
  });
  const record = account.data;

  return (
    <SandboxFrame
      warning={
        <>
          <strong>Pagamenti di prova — nessun dato reale.</strong> Questa pagina sostituisce quella in cui il fornitore di pagamento chiede i dati del titolare del conto.
        </>
      }
      what="Conto di pagamento"
      query={account}
      notFound="Conto di prova non trovato."
      whoLogsIn="con l’account del titolare del conto"
    >
      {record && (
        <>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.9rem' }, mt: 1, overflowWrap: 'anywhere' }}>
            {record.holderName}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ my: 2, alignItems: 'center' }}>
            <Typography color="text.secondary">Stato del conto:</Typography>
            <Chip size="small" label={accountStatusLabels[record.status]} />
          </Stack>
          <Typography sx={{ mb: 2 }}>
            {record.holderKind === 'store'
              ? 'Con un fornitore vero qui inseriresti i dati dell’attività, un documento del titolare e l’IBAN su cui ricevere gli incassi. Con i pagamenti di prova basta confermare: il conto diventa attivo e i clienti possono pagarti online con i pagamenti di prova.'
              : 'Con un fornitore vero qui inseriresti i tuoi dati, un documento d’identità e l’IBAN su cui ricevere i compensi. Con i pagamenti di prova basta confermare: il conto diventa attivo e la piattaforma può trasferirti i compensi di prova.'}
          </Typography>
          {activate.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(activate.error, 'Operazione non riuscita.')}
            </Alert>
          )}
          {record.chargesEnabled ? (
            <>
              <Alert severity="success" sx={{ mb: 2 }}>
                Il conto di prova è attivo.
              </Alert>
              <Button component={RouterLink} to={backPath} variant="contained">
                {record.holderKind === 'store' ? 'Torna alle impostazioni del negozio' : 'Torna ai tuoi guadagni'}
              </Button>
            </>
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button variant="contained" size="large" disabled={activate.isPending} onClick={() => activate.mutate()} sx={{ flex: 1 }}>
                {activate.isPending ? 'Caricamento...' : 'Completa l’attivazione'}
              </Button>
              <Button component={RouterLink} to={backPath} variant="outlined" size="large" sx={{ flex: 1 }}>
                Non ora
              </Button>
            </Stack>
          )}
        </>
      )}
    </SandboxFrame>
  );
}
