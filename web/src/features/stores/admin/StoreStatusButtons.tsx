import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RestoreIcon from '@mui/icons-material/Restore';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useUpdate } from 'react-admin';
import { AskReasonDialog } from '../../../admin/shared/moves';
import { RowActions } from '../../../admin/shared/screens';

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
    <RowActions>
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
      <AskReasonDialog
        open={asking}
        title={`Sospendere «${store.name}»?`}
        reason={reason}
        onReason={setReason}
        asked={{ label: 'Motivo della sospensione', hint: 'Il negoziante lo riceve nella notifica di sospensione.', limit: MAX_REASON }}
        confirm="Sospendi"
        danger
        busy={isPending}
        onClose={() => setAsking(false)}
        onConfirm={() => change('suspended', `Negozio «${store.name}» sospeso`, { reason: reason.trim() })}
      />
    </RowActions>
  );
}
