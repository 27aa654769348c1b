import CancelIcon from '@mui/icons-material/Cancel';
import ReplayIcon from '@mui/icons-material/Replay';
import { Alert, Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, Datagrid, FunctionField, SelectInput, SimpleList, TextField, TextInput, useNotify, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import type { EmailQueueSummary, QueuedEmail } from '@contracts/email';
import { labelOf } from '../../../admin/shared/choices';
import { useIsSmall } from '../../../admin/shared/useIsSmall';
import { apiGet, apiRequest, errorText } from '../../../lib/client';
import { formatDateTime } from '../../../lib/dates';
import { EmailStatusChip } from './EmailStatusChip';
import { EmailTabList } from './EmailTabList';
import { emailStatusChoices } from './labels';

export const queueSummaryKey = ['email-queue-summary'];

/** The queue by status and the hour's budget (GET /api/admin/email-queue/summary), and why mails wait. */
function QueueSummary() {
  const { data, error } = useQuery({ queryKey: queueSummaryKey, queryFn: () => apiGet<EmailQueueSummary>('/api/admin/email-queue/summary') });
  if (error) return <Alert severity="error">{errorText(error, 'Riepilogo della coda non disponibile.')}</Alert>;
  if (!data) return null;
  const used = data.sentLastHour + data.sending;
  return (
    <Card sx={{ mb: 2 }} component="section" aria-label="Riepilogo della coda">
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1.5 }} data-testid="queue-counts">
          {emailStatusChoices.map((status) => (
            <Chip key={status.id} label={`${status.name}: ${data.byStatus[status.id as keyof typeof data.byStatus] ?? 0}`} variant="outlined" />
          ))}
        </Box>
        <Typography variant="body2" data-testid="queue-budget">
          Nell’ultima ora: {used} e-mail su {data.maxPerHour} ({data.sentLastHour} inviate{data.sending ? `, ${data.sending} in invio` : ''}) · ne restano {data.remaining}
          {data.budgetFreesAt ? ` · la prossima dalle ${formatDateTime(data.budgetFreesAt)}` : ''}
        </Typography>
        {data.notSending && (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {data.notSending}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

/** Retry (a failed or cancelled mail) or cancel (a pending one), asked first; the server says no to a mail being sent. */
function QueueAction({ action }: { action: 'retry' | 'cancel' }) {
  const record = useRecordContext<QueuedEmail>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const fits = action === 'retry' ? record.status === 'failed' || record.status === 'cancelled' : record.status === 'pending';
  if (!fits) return null;
  const retry = action === 'retry';
  const act = async () => {
    setBusy(true);
    try {
      await apiRequest('POST', `/api/admin/email-queue/${record.id}/${action}`);
      notify(retry ? 'E-mail rimessa in coda: parte subito.' : 'E-mail annullata.', { type: 'success' });
    } catch (e) {
      notify(errorText(e, 'Operazione non riuscita: riprova tra poco.'), { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
      refresh();
    }
  };
  return (
    <>
      <Button
        size="small"
        color={retry ? 'primary' : 'error'}
        startIcon={retry ? <ReplayIcon /> : <CancelIcon />}
        onClick={(e) => {
          e.stopPropagation();
          setAsking(true);
        }}
        disabled={busy}
      >
        {retry ? 'Riprova' : 'Annulla'}
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title={retry ? 'Rimettere in coda l’e-mail?' : 'Annullare l’e-mail?'}
        content={
          retry
            ? `«${record.subject}» a ${record.toEmail} parte di nuovo subito, con i tentativi contati da capo.${record.failureReason?.startsWith('Invio interrotto') ? ' Attenzione: il server potrebbe averla già ricevuta.' : ''}`
            : `«${record.subject}» a ${record.toEmail} non verrà inviata (potrai rimetterla in coda).`
        }
        confirm={retry ? 'Riprova' : 'Annulla l’e-mail'}
        cancel="Indietro"
        onConfirm={act}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

const actions = (
  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
    <QueueAction action="retry" />
    <QueueAction action="cancel" />
  </Box>
);

const filters = [<SelectInput key="status" source="status" choices={emailStatusChoices} alwaysOn />, <TextInput key="toEmail" source="toEmail" alwaysOn />];

/** The time that matters for the mail's state: when it went, when it goes next, or when it was queued. */
function when(m: QueuedEmail): string {
  if (m.sentAt) return `inviata ${formatDateTime(m.sentAt)}`;
  if (m.status === 'pending') return `prossimo tentativo ${formatDateTime(m.nextAttemptAt)}`;
  if (m.status === 'sending') return 'in invio ora';
  return `in coda dal ${formatDateTime(m.createdAt)}`;
}

/** Tab "Coda": counts and budget, then the mails by status, each with its action. */
export function QueueTab() {
  const isSmall = useIsSmall();
  return (
    <>
      <QueueSummary />
      <EmailTabList resource="email-queue" filters={filters}>
        {isSmall ? (
          <SimpleList<QueuedEmail>
            primaryText={(m) => m.subject}
            secondaryText={(m) => (
              <>
                {m.toEmail} · {labelOf(emailStatusChoices, m.status)} · {when(m)}
                {m.failureReason && (
                  <Box component="span" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {m.failureReason}
                  </Box>
                )}
                <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
                  {actions}
                </Box>
              </>
            )}
            linkType={false}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="toEmail" />
            <TextField source="subject" />
            <EmailStatusChip source="status" choices={emailStatusChoices} label="Stato" />
            <FunctionField source="retryCount" render={(m: RaRecord) => `${m.retryCount} di ${m.maxRetries}`} />
            <FunctionField label="Quando" render={when} />
            <TextField source="failureReason" emptyText="—" />
            <FunctionField label="Azioni" render={() => actions} />
          </Datagrid>
        )}
      </EmailTabList>
    </>
  );
}
