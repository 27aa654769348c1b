import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import RestoreIcon from '@mui/icons-material/Restore';
import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel } from '@mui/material';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { AskReasonDialog, useAdminCall } from '../../../admin/shared/moves';
import { RowActions } from '../../../admin/shared/screens';
import { apiRequest } from '../../../lib/client';
import type { AdminCollaborator } from '@contracts/collaborators';

/** A refusal's or suspension's reason, as long as the collaborators' contract takes it. */
const MAX_REASON = 500;

type Asking = 'approve' | 'reject' | 'suspend' | null;

/**
 * The profile's next moves (docs/api-collaborators.md): approve a pending one (choosing whether it
 * may activate sessions), reject it or suspend an approved one with a reason the collaborator
 * reads, reactivate a suspended one. Each is the admin's call, applied at once.
 */
export function ApprovalButtons() {
  const c = useRecordContext<AdminCollaborator>();
  const { busy, call } = useAdminCall();
  const [asking, setAsking] = useState<Asking>(null);
  const [reason, setReason] = useState('');
  const [sessions, setSessions] = useState(true);
  if (!c) return null;

  const send = async (action: string, done: string, body?: unknown) => {
    if (await call(() => apiRequest('POST', `/api/admin/collaborators/${c.id}/${action}`, body), done)) {
      setAsking(null);
      setReason('');
    }
  };
  const name = c.name || c.username;
  const rejecting = asking === 'reject';

  return (
    <RowActions>
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
      <AskReasonDialog
        open={rejecting || asking === 'suspend'}
        title={rejecting ? `Rifiutare «${name}»?` : `Sospendere «${name}»?`}
        reason={reason}
        onReason={setReason}
        asked={{ label: rejecting ? 'Motivo del rifiuto' : 'Motivo della sospensione', hint: 'Il collaboratore lo riceve nella notifica e nell’e-mail.', limit: MAX_REASON }}
        confirm={rejecting ? 'Rifiuta' : 'Sospendi'}
        danger
        busy={busy}
        onClose={() => setAsking(null)}
        onConfirm={() =>
          rejecting ? send('reject', `Collaboratore «${name}» rifiutato`, { reason: reason.trim() }) : send('suspend', `Collaboratore «${name}» sospeso`, { reason: reason.trim() })
        }
      />
    </RowActions>
  );
}
