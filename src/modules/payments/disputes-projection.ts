import { byEventType, type Projection } from '../../platform/projections/projection.js';
import { paymentIdOfStream, type PaymentEvent } from './payment.js';

/**
 * The `payment_disputes` read model: each dispute of a payment (a chargeback), opened with its
 * amount and reason, then won or lost. The payment's decider opens a dispute before it closes it,
 * and each once.
 */
export const paymentDisputesProjection: Projection = {
  name: 'payment-disputes',
  title: 'Contestazioni bancarie dei pagamenti',
  version: 1,
  tables: ['payment_disputes'],
  apply: byEventType<PaymentEvent>({
    PaymentDisputeOpened: (event, tx) =>
      tx.query(
        `INSERT INTO payment_disputes (payment_id, dispute_id, amount_cents, reason, status, opened_at) VALUES ($1, $2, $3, $4, 'open', $5)
         ON CONFLICT (payment_id, dispute_id) DO NOTHING`,
        [paymentIdOfStream(event.streamId), event.data.disputeId, event.data.amountCents, event.data.disputeReason, event.metadata.at],
      ),
    PaymentDisputeClosed: (event, tx) =>
      tx.query(`UPDATE payment_disputes SET status = $3, closed_at = $4 WHERE payment_id = $1 AND dispute_id = $2 AND status = 'open'`, [
        paymentIdOfStream(event.streamId),
        event.data.disputeId,
        event.data.outcome,
        event.metadata.at,
      ]),
  }),
};
