import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Button, Checkbox, FormControlLabel } from '@mui/material';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { AskReasonDialog, useAdminCall } from '../../../admin/shared/moves';
import { RowActions } from '../../../admin/shared/screens';
import { DateTimeFields } from '../../../components/DateTimeFields';
import { LimitedTextField, tooLong } from '../../../components/form-kit';
import { apiRequest } from '../../../lib/client';
import { romeDateTime, romeToIso } from '../../../lib/dates';

/** The reason and the special conditions, as long as the package unlocks' contract takes them. */
const MAX_REASON = 500;
const MAX_CONDITIONS = 1000;

/** The purchase deadline the dialog proposes: a day from now (the server's default), on Rome's clock as the fields hold it. */
const inADay = () => romeDateTime(new Date(Date.now() + 24 * 3_600_000));
const complete = (d: { date: string; time: string }) => /^\d{4}-\d{2}-\d{2}$/.test(d.date) && /^\d{2}:\d{2}$/.test(d.time);

/**
 * The admin's override of an unlock not purchased (docs/api-collaboration-requests.md): a reason
 * (required, shown in the Cronologia), special conditions, free of charge, and until when the
 * shopkeeper may buy it → POST /api/admin/package-unlocks/{id}/unlock.
 */
export function AdminUnlockButton() {
  const unlock = useRecordContext();
  const { busy, call } = useAdminCall('Sblocco non riuscito');
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [conditions, setConditions] = useState('');
  const [free, setFree] = useState(false);
  const [deadline, setDeadline] = useState(inADay);
  if (!unlock || unlock.unlockStatus === 'purchased' || unlock.lapsed) return null;

  const send = async () => {
    const body = {
      reason: reason.trim(),
      specialConditions: conditions.trim() || null,
      freeOfCharge: free,
      ...(complete(deadline) ? { purchaseDeadline: romeToIso(deadline.date, deadline.time) } : {}),
    };
    const done = free ? 'Pacchetto sbloccato, gratuito per il negozio' : 'Pacchetto sbloccato';
    if (await call(() => apiRequest('POST', `/api/admin/package-unlocks/${unlock.id}/unlock`, body), done)) setOpen(false);
  };

  return (
    <RowActions>
      <Button size="small" variant="contained" startIcon={<LockOpenIcon />} disabled={busy} onClick={() => setOpen(true)}>
        Sblocca
      </Button>
      <AskReasonDialog
        open={open}
        title={`Sbloccare il pacchetto di «${unlock.storeName}»?`}
        reason={reason}
        onReason={setReason}
        asked={{ label: 'Motivo', hint: 'Resta nella cronologia dello sblocco, con il tuo nome.', limit: MAX_REASON, required: true }}
        confirm="Sblocca"
        busy={busy}
        ready={complete(deadline) && !tooLong(conditions, MAX_CONDITIONS)}
        onClose={() => setOpen(false)}
        onConfirm={() => void send()}
      >
        <LimitedTextField
          fullWidth
          multiline
          margin="dense"
          label="Condizioni speciali"
          value={conditions}
          onChange={(e) => setConditions(e.target.value)}
          limit={MAX_CONDITIONS}
        />
        <FormControlLabel control={<Checkbox checked={free} onChange={(e) => setFree(e.target.checked)} />} label="Gratuito: il negozio non paga il pacchetto" />
        <DateTimeFields dateLabel="Da acquistare entro il" value={deadline} onChange={setDeadline} />
      </AskReasonDialog>
    </RowActions>
  );
}
