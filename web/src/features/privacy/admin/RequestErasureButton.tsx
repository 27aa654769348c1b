import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { useAdminCall } from '../../../admin/shared/moves';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { apiRequest } from '../../../lib/client';

/**
 * On a user's page: the admin asks for the erasure of the person's data, when the person asked
 * the administration (by e-mail, by post) rather than from their own settings.
 */
export function RequestErasureButton(_: { label?: false }) {
  const user = useRecordContext<{ id: string; name: string; role: string; status: string }>();
  const { busy, call } = useAdminCall('Richiesta di cancellazione non riuscita');
  const [asking, setAsking] = useState(false);
  if (!user || user.role === 'admin' || user.status === 'erased') return null;
  const confirm = async () => {
    if (await call(() => apiRequest('POST', `/api/admin/users/${user.id}/erasure`), 'Cancellazione dei dati richiesta: la trovi tra le cancellazioni.')) setAsking(false);
  };
  return (
    <>
      <Button color="error" variant="outlined" startIcon={<DeleteForeverIcon />} onClick={() => setAsking(true)} sx={{ justifySelf: 'start', mt: 1 }}>
        Chiedi la cancellazione dei dati
      </Button>
      <ConfirmDialog
        id="request-erasure"
        open={asking}
        title={`Cancellare i dati di ${user.name}?`}
        text="Solo se la persona l’ha chiesto all’amministrazione. Esce subito da ogni dispositivo; i suoi dati personali saranno cancellati entro un mese (un negozio chiude subito, i dati si cancellano dopo i suoi ordini aperti). Non si può annullare."
        confirm={{ label: 'Chiedi la cancellazione', busyLabel: 'Invio…', busy, onConfirm: () => void confirm() }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
