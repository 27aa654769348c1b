import { Alert } from '@mui/material';
import { useState } from 'react';
import { Button, Confirm, FunctionField, useRecordContext } from 'react-admin';
import { fields, StatusField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { useAdminCall } from '../../../admin/shared/moves';
import { apiRequest } from '../../../lib/client';
import { formatMoney } from '../../../lib/money';
import { paymentMethodChoices, paymentProviderChoices, paymentStatusChoices, transactionTypeChoices } from './choices';
import type { PaymentRecord } from '@contracts/payments';

/** Refunds a completed payment through its provider, after asking. */
function RefundButton() {
  const record = useRecordContext();
  const { busy, call } = useAdminCall('Rimborso non riuscito.');
  const [asking, setAsking] = useState(false);
  if (record?.status !== 'completed') return null;
  const refund = async () => {
    await call(() => apiRequest('POST', `/api/admin/payments/${String(record.id)}/refund`), 'Rimborso richiesto al fornitore.');
    setAsking(false);
  };
  return (
    <>
      <Button label="Rimborsa" onClick={() => setAsking(true)} disabled={busy} />
      <Confirm
        isOpen={asking}
        loading={busy}
        title="Rimborsare il pagamento?"
        content={`${formatMoney(record.amount as number)} tornano a chi ha pagato, tramite il fornitore. Non si può annullare.`}
        confirm="Rimborsa"
        cancel="Annulla"
        onConfirm={refund}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/** /admin/payments/:id/show: the movement of money, what it pays for, and its Cronologia. */
export function PaymentShow() {
  return (
    <RecordShow title={<RecordTitle name="Pagamento" of={(p) => `«${p.description}»`} />} actions={<RefundButton />} history="payment">
      {fields.dates('createdAt')}
      <StatusField source="status" choices={paymentStatusChoices} />
      <FunctionField source="failureReason" render={(p: PaymentRecord) => (p.failureReason ? <Alert severity="warning">{p.failureReason}</Alert> : '—')} />
      {fields.texts('description')}
      {fields.money('amount', 'refundedAmount')}
      {fields.texts('currency')}
      <StatusField source="transactionType" choices={transactionTypeChoices} />
      <StatusField source="paymentMethod" choices={paymentMethodChoices} />
      <StatusField source="paymentProvider" choices={paymentProviderChoices} />
      {fields.optionalTexts('providerTransactionId', 'username')}
      <FunctionField
        source="metadata"
        render={(p: PaymentRecord) => <code style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{JSON.stringify(p.metadata, null, 2)}</code>}
      />
      {fields.dates('completedAt', 'refundedAt')}
    </RecordShow>
  );
}
