import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { DateTimeFields } from '../../../components/DateTimeFields';
import { LimitedTextField, tooLong } from '../../../components/form-kit';
import { apiRequest, errorText } from '../../../lib/client';
import { romeDateTime, romeToIso } from '../../../lib/dates';

const stop = (e: MouseEvent) => e.stopPropagation();
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
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [conditions, setConditions] = useState('');
  const [free, setFree] = useState(false);
  const [deadline, setDeadline] = useState(inADay);
  const [busy, setBusy] = useState(false);
  if (!unlock || unlock.unlockStatus === 'purchased' || unlock.lapsed) return null;

  const send = async () => {
    setBusy(true);
    try {
      await apiRequest('POST', `/api/admin/package-unlocks/${unlock.id}/unlock`, {
        reason: reason.trim(),
        specialConditions: conditions.trim() || null,
        freeOfCharge: free,
        ...(complete(deadline) ? { purchaseDeadline: romeToIso(deadline.date, deadline.time) } : {}),
      });
      notify(free ? 'Pacchetto sbloccato, gratuito per il negozio' : 'Pacchetto sbloccato', { type: 'success' });
      setOpen(false);
      refresh();
    } catch (error) {
      notify(errorText(error, 'Sblocco non riuscito'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <span role="presentation" onClick={stop}>
      <Button size="small" variant="contained" startIcon={<LockOpenIcon />} disabled={busy} onClick={() => setOpen(true)}>
        Sblocca
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>Sbloccare il pacchetto di «{unlock.storeName}»?</DialogTitle>
        <DialogContent>
          <LimitedTextField
            autoFocus
            fullWidth
            required
            multiline
            minRows={2}
            margin="dense"
            label="Motivo"
            hint="Resta nella cronologia dello sblocco, con il tuo nome."
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            limit={MAX_REASON}
          />
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
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Annulla</Button>
          <Button
            variant="contained"
            disabled={busy || reason.trim() === '' || !complete(deadline) || Boolean(tooLong(reason, MAX_REASON) ?? tooLong(conditions, MAX_CONDITIONS))}
            onClick={send}
          >
            Sblocca
          </Button>
        </DialogActions>
      </Dialog>
    </span>
  );
}
