import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import RestoreIcon from '@mui/icons-material/Restore';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { LimitedTextField, tooLong } from '../../../components/form-kit';
import { apiRequest, errorText } from '../../../lib/client';

const stop = (e: MouseEvent) => e.stopPropagation();
/** A refusal's or suspension's reason, as long as the collaborators' contract takes it. */
const MAX_REASON = 500;

type Asking = 'approve' | 'reject' | 'suspend' | null;

/**
 * The profile's next moves (docs/api-collaborators.md): approve a pending one (choosing whether it
 * may activate sessions), reject it or suspend an approved one with a reason the collaborator
 * reads, reactivate a suspended one. Each is the admin's call, applied at once.
 */
export function ApprovalButtons() {
  const c = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<Asking>(null);
  const [reason, setReason] = useState('');
  const [sessions, setSessions] = useState(true);
  const [busy, setBusy] = useState(false);
  if (!c) return null;

  const send = async (action: string, done: string, body?: unknown) => {
    setBusy(true);
    try {
      await apiRequest('POST', `/api/admin/collaborators/${c.id}/${action}`, body);
      notify(done, { type: 'success' });
      setAsking(null);
      setReason('');
      refresh();
    } catch (error) {
      notify(errorText(error, 'Operazione non riuscita'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const name = c.name || c.username;

  return (
    <span role="presentation" onClick={stop}>
      {c.approvalStatus === 'pending' && (
        <>
          <Button size="small" variant="contained" color="success" startIcon={<CheckCircleIcon />} disabled={busy} onClick={() => setAsking('approve')}>
            Approva
          </Button>
          <Button size="small" color="error" startIcon={<CloseIcon />} disabled={busy} onClick={() => setAsking('reject')}>
            Rifiuta
          </Button>
        </>
      )}
      {c.approvalStatus === 'approved' && (
        <Button size="small" color="error" startIcon={<BlockIcon />} disabled={busy} onClick={() => setAsking('suspend')}>
          Sospendi
        </Button>
      )}
      {c.approvalStatus === 'suspended' && (
        <Button size="small" startIcon={<RestoreIcon />} disabled={busy} onClick={() => send('reactivate', `Collaboratore «${name}» riattivato`)}>
          Riattiva
        </Button>
      )}
      <Dialog open={asking === 'approve'} onClose={() => setAsking(null)} fullWidth maxWidth="sm">
        <DialogTitle>Approvare «{name}»?</DialogTitle>
        <DialogContent>
          <FormControlLabel control={<Checkbox checked={sessions} onChange={(e) => setSessions(e.target.checked)} />} label="Può attivare sessioni di lavoro" />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>Annulla</Button>
          <Button color="success" variant="contained" disabled={busy} onClick={() => send('approve', `Collaboratore «${name}» approvato`, { canActivateSessions: sessions })}>
            Approva
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={asking === 'reject' || asking === 'suspend'} onClose={() => setAsking(null)} fullWidth maxWidth="sm">
        <DialogTitle>{asking === 'reject' ? `Rifiutare «${name}»?` : `Sospendere «${name}»?`}</DialogTitle>
        <DialogContent>
          <LimitedTextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={asking === 'reject' ? 'Motivo del rifiuto' : 'Motivo della sospensione'}
            hint="Il collaboratore lo riceve nella notifica e nell’e-mail."
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            limit={MAX_REASON}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(null)}>Annulla</Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy || reason.trim() === '' || Boolean(tooLong(reason, MAX_REASON))}
            onClick={() =>
              asking === 'reject'
                ? send('reject', `Collaboratore «${name}» rifiutato`, { reason: reason.trim() })
                : send('suspend', `Collaboratore «${name}» sospeso`, { reason: reason.trim() })
            }
          >
            {asking === 'reject' ? 'Rifiuta' : 'Sospendi'}
          </Button>
        </DialogActions>
      </Dialog>
    </span>
  );
}
