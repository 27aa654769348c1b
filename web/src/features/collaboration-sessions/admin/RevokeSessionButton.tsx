import BlockIcon from '@mui/icons-material/Block';
import { Button } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useRecordContext, useRefresh } from 'react-admin';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { apiRequest } from '../../../lib/client';
import { sessionsUrl } from '../api';

const stop = (e: MouseEvent) => e.stopPropagation();

/** The admin revokes an active session with a reason (POST /api/collaboration-sessions/{id}/revoke): the collaborator's access ends at their next request. */
export function RevokeSessionButton() {
  const session = useRecordContext();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  if (!session || session.status !== 'active') return null;
  return (
    <span role="presentation" onClick={stop}>
      <Button size="small" color="error" variant="outlined" startIcon={<BlockIcon />} onClick={() => setOpen(true)}>
        Revoca
      </Button>
      {open && (
        <ReasonDialog
          id="admin-revoke-title"
          title={`Revocare la sessione di ${session.collaboratorName} presso «${session.storeName}»?`}
          text="Il collaboratore non potrà più agire per il negozio dalla sua prossima richiesta; il negoziante riceve l’avviso. Il motivo resta nella cronologia, con il tuo nome."
          label="Motivo"
          submitLabel="Revoca"
          danger
          done="Sessione revocata."
          fallback="Revoca non riuscita."
          send={async (reason) => {
            await apiRequest('POST', `${sessionsUrl}/${session.id}/revoke`, { reason });
            refresh();
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </span>
  );
}
