import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RestoreIcon from '@mui/icons-material/Restore';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { LimitedTextField, tooLong } from '../../../components/form-kit';

const stop = (e: MouseEvent) => e.stopPropagation();
/** A suspension's reason, as long as the stores' contract takes it. */
const MAX_REASON = 500;

/**
 * The store's next moves (spec §4): approve a pending store, suspend an active one with a
 * reason, reactivate a suspended one. Each is a PUT of the new status, applied at once.
 */
export function StoreStatusButtons() {
  const store = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  if (!store) return null;

  const change = (status: string, done: string, extra: Record<string, string> = {}) =>
    update(
      'stores',
      { id: store.id, data: { status, ...extra }, previousData: store },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(done, { type: 'success' });
          setAsking(false);
          setReason('');
          refresh();
        },
        onError: (error) => notify(error.message || 'Operazione non riuscita', { type: 'error' }),
      },
    );

  return (
    <span role="presentation" onClick={stop}>
      {store.status === 'pending' && (
        <Button
          size="small"
          variant="contained"
          color="success"
          startIcon={<CheckCircleIcon />}
          disabled={isPending}
          onClick={() => change('active', `Negozio «${store.name}» approvato`)}
        >
          Approva
        </Button>
      )}
      {store.status === 'active' && (
        <Button size="small" color="error" startIcon={<BlockIcon />} disabled={isPending} onClick={() => setAsking(true)}>
          Sospendi
        </Button>
      )}
      {store.status === 'suspended' && (
        <Button size="small" startIcon={<RestoreIcon />} disabled={isPending} onClick={() => change('active', `Negozio «${store.name}» riattivato`)}>
          Riattiva
        </Button>
      )}
      <Dialog open={asking} onClose={() => setAsking(false)} fullWidth maxWidth="sm">
        <DialogTitle>Sospendere «{store.name}»?</DialogTitle>
        <DialogContent>
          <LimitedTextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label="Motivo della sospensione"
            hint="Il negoziante lo riceve nella notifica di sospensione."
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            limit={MAX_REASON}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>Annulla</Button>
          <Button
            color="error"
            variant="contained"
            disabled={isPending || reason.trim() === '' || Boolean(tooLong(reason, MAX_REASON))}
            onClick={() => change('suspended', `Negozio «${store.name}» sospeso`, { reason: reason.trim() })}
          >
            Sospendi
          </Button>
        </DialogActions>
      </Dialog>
    </span>
  );
}
