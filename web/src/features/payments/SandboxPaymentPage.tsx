import { Alert, Button, Chip, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { errorText } from '../../lib/client';
import { formatMoney } from '../../lib/money';
import { usePageTitle, useSiteName } from '../site-settings/api';
import { SandboxFrame } from './SandboxFrame';
import { chooseOnSandbox, fetchSandboxPayment, paymentStatusLabels, sandboxPaymentKey, transactionTypeLabels, type SandboxPayment } from './api';

const outcome: Partial<Record<SandboxPayment['status'], { severity: 'success' | 'error' | 'info'; text: string }>> = {
  completed: { severity: 'success', text: 'Pagamento riuscito. Puoi chiudere questa pagina.' },
  failed: { severity: 'error', text: 'Pagamento rifiutato: non è stato addebitato nulla.' },
  cancelled: { severity: 'info', text: 'Il pagamento è stato annullato.' },
  refunded: { severity: 'info', text: 'Il pagamento è stato rimborsato.' },
};

/**
 * /pagamenti/prova/:paymentId: the sandbox's hosted page, where a real provider's would be. It
 * shows what is being paid and lets the payer pay or refuse; the server then tells the app by a
 * signed webhook, as Stripe or PayPal would. No money moves.
 */
export default function SandboxPaymentPage() {
  const siteName = useSiteName();
  usePageTitle('Pagamento di prova');
  const { paymentId = '' } = useParams();
  const navigate = useNavigate();
  // Where the purchase asked the payer be sent back once they chose: a path of this site only.
  const back = useSearchParams()[0].get('ritorno');
  const backPath = back && back.startsWith('/') && !back.startsWith('//') ? back : null;
  const queryClient = useQueryClient();
  const payment = useQuery({ queryKey: sandboxPaymentKey(paymentId), queryFn: () => fetchSandboxPayment(paymentId) });
  const choose = useMutation({
    mutationFn: (choice: 'pay' | 'refuse') => chooseOnSandbox(paymentId, choice),
    onSuccess: (answer) => {
      queryClient.setQueryData(sandboxPaymentKey(paymentId), answer);
      if (backPath) void navigate(backPath);
    },
  });
  const record = payment.data;
  const open = record?.status === 'pending' || record?.status === 'processing';
  const done = record ? outcome[record.status] : undefined;

  return (
    <SandboxFrame
      warning={
        <>
          <strong>Pagamenti di prova — nessun addebito reale.</strong> Questa pagina sostituisce quella del fornitore di pagamento.
        </>
      }
      what="Pagamento"
      query={payment}
      notFound="Pagamento non trovato."
      whoLogsIn="con l’account che ha avviato il pagamento"
    >
      {record && (
        <>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.9rem' }, mt: 1, overflowWrap: 'anywhere' }}>
            {record.description}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {transactionTypeLabels[record.transactionType]}
          </Typography>
          <Stack
            direction="row"
            sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, py: 2, borderTop: 1, borderBottom: 1, borderColor: 'divider' }}
          >
            <Typography>Totale da pagare</Typography>
            <Typography sx={{ fontSize: '1.8rem', fontWeight: 700 }}>{formatMoney(record.amount)}</Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ my: 2, alignItems: 'center' }}>
            <Typography color="text.secondary">Stato:</Typography>
            <Chip size="small" label={paymentStatusLabels[record.status]} />
          </Stack>
          {done && (
            <Alert severity={done.severity} sx={{ mb: 2 }}>
              {record.status === 'failed' && record.failureReason ? record.failureReason : done.text}
            </Alert>
          )}
          {choose.isError && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorText(choose.error, 'Operazione non riuscita.')}
            </Alert>
          )}
          {open && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              <Button variant="contained" size="large" disabled={choose.isPending} onClick={() => choose.mutate('pay')} sx={{ flex: 1 }}>
                Paga {formatMoney(record.amount)}
              </Button>
              <Button variant="outlined" color="error" size="large" disabled={choose.isPending} onClick={() => choose.mutate('refuse')} sx={{ flex: 1 }}>
                Rifiuta il pagamento
              </Button>
            </Stack>
          )}
          {!open && (
            <Button component={RouterLink} to={backPath ?? '/dashboard'} sx={{ mt: 1 }}>
              Torna a {siteName}
            </Button>
          )}
        </>
      )}
    </SandboxFrame>
  );
}
