import EuroIcon from '@mui/icons-material/Euro';
import { Button } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { FormDialog } from '../../../components/FormDialog';
import { apiRequest, errorText } from '../../../lib/client';
import { formatMoney } from '../../../lib/money';

const stop = (e: MouseEvent) => e.stopPropagation();

/** «Segna pagato»: the admin records the collaborator's compensation of a completed assignment as paid out (POST /api/admin/assignments/{id}/payout). */
export function PayoutButton() {
  const a = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!a || a.status !== 'completed' || a.paymentStatus !== 'pending') return null;
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      await apiRequest('POST', `/api/admin/assignments/${a.id}/payout`, {});
      notify('Compenso segnato come pagato', { type: 'success' });
      setOpen(false);
      refresh();
    } catch (e) {
      setError(errorText(e, 'Pagamento non registrato.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span role="presentation" onClick={stop}>
      <Button size="small" variant="contained" startIcon={<EuroIcon />} onClick={() => setOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
        Segna pagato
      </Button>
      {open && (
        <FormDialog
          id="payout-title"
          title={`Segnare pagato il compenso di ${a.collaboratorName}?`}
          text={`Registra che a ${a.collaboratorName} sono stati pagati ${formatMoney(a.compensation)} per l’incarico di «${a.storeName}». Resta nella cronologia, con il tuo nome.`}
          error={error}
          submit={{
            label: 'Segna pagato',
            busy,
            onSubmit: (e) => {
              e.preventDefault();
              void pay();
            },
          }}
          onClose={() => setOpen(false)}
        >
          {null}
        </FormDialog>
      )}
    </span>
  );
}
