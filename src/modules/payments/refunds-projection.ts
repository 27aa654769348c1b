import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { reading, type Projection } from '../../platform/projections/projection.js';
import { paymentIdOfStream, type PaymentEvent } from './payment.js';

interface RefundRow {
  payment_id: string;
  refund_key: string;
  amount_cents: number;
  reason: string | null;
  partial: boolean;
  requested_at: string;
  refunded_at: string | null;
  /** A confirmation that named no key (the events before partial refunds): the whole payment's refund waiting, whatever its key. */
  keyless: boolean;
}

const types: PaymentEvent['type'][] = ['PaymentRefundRequested', 'PaymentRefunded'];

/**
 * The `payment_refunds` read model: each refund of a payment, asked (its amount, reason, key and
 * time) and confirmed by the provider (when, and the amount it confirmed). A refund made at the
 * provider and never asked here is a row of its own, without a reason. Folded in memory, written
 * with one statement a batch.
 */
export const paymentRefundsProjection: Projection = {
  name: 'payment-refunds',
  title: 'Rimborsi dei pagamenti',
  version: 1,
  tables: ['payment_refunds'],
  apply: reading(types, async (batch, tx) => {
    const rows = new Map<string, RefundRow>();
    for (const recorded of batch) {
      const event = recorded as unknown as RecordedEvent & PaymentEvent;
      const paymentId = paymentIdOfStream(event.streamId);
      const at = event.metadata.at;
      if (event.type === 'PaymentRefundRequested') {
        const { refundKey, reason, amountCents, partial } = event.data;
        const key = `${paymentId} ${refundKey}`;
        if (!rows.has(key)) {
          rows.set(key, {
            payment_id: paymentId,
            refund_key: refundKey,
            amount_cents: amountCents,
            reason,
            partial: partial === true,
            requested_at: at,
            refunded_at: null,
            keyless: false,
          });
        }
      } else if (event.type === 'PaymentRefunded') {
        const { amountCents, refundKey } = event.data;
        // Keyless: the whole payment's refund asked in this batch, or (in the statement) one asked before.
        const asked = refundKey ?? [...rows.values()].findLast((r) => r.payment_id === paymentId && !r.partial && r.refunded_at === null)?.refund_key;
        const key = `${paymentId} ${asked ?? `refund-${paymentId}`}`;
        const row = rows.get(key);
        if (row) Object.assign(row, { amount_cents: amountCents, refunded_at: row.refunded_at ?? at });
        else {
          rows.set(key, {
            payment_id: paymentId,
            refund_key: asked ?? `refund-${paymentId}`,
            amount_cents: amountCents,
            reason: null,
            partial: false,
            requested_at: at,
            refunded_at: at,
            keyless: asked === undefined,
          });
        }
      }
    }
    if (!rows.size) return;
    await tx.query(
      `INSERT INTO payment_refunds AS t (payment_id, refund_key, amount_cents, reason, partial, requested_at, refunded_at)
       SELECT r.payment_id,
         CASE WHEN r.keyless THEN coalesce((SELECT w.refund_key FROM payment_refunds w
           WHERE w.payment_id = r.payment_id AND NOT w.partial AND w.refunded_at IS NULL ORDER BY w.requested_at DESC LIMIT 1), r.refund_key) ELSE r.refund_key END,
         r.amount_cents, r.reason, r.partial, r.requested_at, r.refunded_at
       FROM jsonb_to_recordset($1::jsonb) AS r(payment_id uuid, refund_key text, amount_cents bigint, reason text, partial boolean,
         requested_at timestamptz, refunded_at timestamptz, keyless boolean)
       ON CONFLICT (payment_id, refund_key) DO UPDATE SET
         -- Confirmed: the amount the provider confirmed, at the first confirmation's time; asked again: as first asked.
         amount_cents = CASE WHEN excluded.refunded_at IS NOT NULL AND t.refunded_at IS NULL THEN excluded.amount_cents ELSE t.amount_cents END,
         reason = coalesce(t.reason, excluded.reason),
         refunded_at = coalesce(t.refunded_at, excluded.refunded_at)`,
      [JSON.stringify([...rows.values()])],
    );
  }),
};
