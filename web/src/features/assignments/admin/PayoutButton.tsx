import EuroIcon from '@mui/icons-material/Euro';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { useAdminCall } from '../../../admin/shared/moves';
import { RowActions } from '../../../admin/shared/screens';
import { FormDialog } from '../../../components/FormDialog';
import { apiRequest, errorText } from '../../../lib/client';
import { formatMoney } from '../../../lib/money';
import type { Assignment } from '@contracts/assignments';

/** «Segna pagato»: the admin records the collaborator's compensation of a completed assignment as paid out (POST /api/admin/assignments/{id}/payout). */
export function PayoutButton() {
  const a = useRecordContext<Assignment>();
  const { busy, call } = useAdminCall();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!a || a.status !== 'completed' || a.paymentStatus !== 'pending') return null;
  const pay = async () => {
    setError(null);
    const shownInDialog = (e: unknown) => {
      setError(errorText(e, 'Pagamento non registrato.'));
      return true;
    };
    if (await call(() => apiRequest('POST', `/api/admin/assignments/${a.id}/payout`, {}), 'Compenso segnato come pagato', shownInDialog)) setOpen(false);
  };
  return (
    <RowActions>
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
    </RowActions>
  );
}
