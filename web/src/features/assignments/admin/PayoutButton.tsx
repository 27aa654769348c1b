import EuroIcon from '@mui/icons-material/Euro';
import { Button, Checkbox, FormControlLabel } from '@mui/material';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { useAdminCall } from '../../../admin/shared/moves';
import { RowActions } from '../../../admin/shared/screens';
import { FormDialog } from '../../../components/FormDialog';
import { apiRequest, errorText } from '../../../lib/client';
import { formatMoney } from '../../../lib/money';
import type { Assignment } from '@contracts/assignments';

/**
 * «Paga il compenso»: the admin pays the collaborator's compensation of a completed assignment out
 * (POST /api/admin/assignments/{id}/payout): a transfer to the collaborator's payment account
 * (issue [20]), once; or, paid some other way, marked paid by hand.
 */
export function PayoutButton() {
  const a = useRecordContext<Assignment>();
  const { busy, call } = useAdminCall();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [byHand, setByHand] = useState(false);
  if (!a || a.status !== 'completed' || a.paymentStatus !== 'pending') return null;
  const pay = async () => {
    setError(null);
    const shownInDialog = (e: unknown) => {
      setError(errorText(e, 'Pagamento non registrato.'));
      return true;
    };
    const done = byHand ? 'Compenso segnato come pagato' : 'Compenso trasferito al collaboratore';
    if (await call(() => apiRequest('POST', `/api/admin/assignments/${a.id}/payout`, { byHand }), done, shownInDialog)) setOpen(false);
  };
  return (
    <RowActions>
      <Button size="small" variant="contained" startIcon={<EuroIcon />} onClick={() => setOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
        Paga il compenso
      </Button>
      {open && (
        <FormDialog
          id="payout-title"
          title={`Pagare il compenso di ${a.collaboratorName}?`}
          text={
            byHand
              ? `Registra che a ${a.collaboratorName} sono stati pagati ${formatMoney(a.compensation)} per l’incarico di «${a.storeName}» in altro modo. Resta nella cronologia, con il tuo nome.`
              : `${formatMoney(a.compensation)} per l’incarico di «${a.storeName}» vanno con un trasferimento sul conto di pagamento di ${a.collaboratorName}, una volta sola. Resta nella cronologia, con il tuo nome.`
          }
          error={error}
          submit={{
            label: byHand ? 'Segna pagato' : 'Trasferisci il compenso',
            busy,
            onSubmit: (e) => {
              e.preventDefault();
              void pay();
            },
          }}
          onClose={() => setOpen(false)}
        >
          <FormControlLabel control={<Checkbox checked={byHand} onChange={(e) => setByHand(e.target.checked)} />} label="L’ho già pagato in altro modo: segnalo pagato a mano" />
        </FormDialog>
      )}
    </RowActions>
  );
}
