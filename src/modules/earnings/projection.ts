import type pg from 'pg';
import { byEventType, type Projection, type Recorded } from '../../platform/projections/projection.js';
import { refundSplit } from '../payments/commission.js';
import { paymentIdOfStream, type PaymentEvent } from '../payments/payment.js';

/*
 * The shops' ledger (issue [20]): a payment made to a shop's own account (its `payee`) is a sale
 * once completed, gross, the platform's fee and the shop's part; each refund confirmed by the
 * provider takes back its part of each, the fee's share counted by the commission's rule on the
 * running total (payments/commission.ts refundSplit), so the refunds of a payment give back its
 * whole fee and its whole net. One movement per event (its id): applied again, nothing more.
 */

type Created = Recorded<PaymentEvent, 'PaymentCreated'>;

async function sale(event: Recorded<PaymentEvent, 'PaymentCompleted'>, tx: pg.ClientBase) {
  const paymentId = paymentIdOfStream(event.streamId);
  await tx.query(
    `WITH done AS (UPDATE earnings_payments SET completed = true WHERE payment_id = $1 AND NOT completed RETURNING *)
     INSERT INTO earnings_movements (id, store_id, payment_id, order_id, kind, gross_cents, fee_cents, net_cents, provider, description, at)
     SELECT $2, store_id, payment_id, order_id, 'sale', amount_cents, fee_cents, amount_cents - fee_cents, provider, description, $3 FROM done
     ON CONFLICT (id) DO NOTHING`,
    [paymentId, event.id, event.metadata.at],
  );
}

async function refund(event: Recorded<PaymentEvent, 'PaymentRefunded'>, tx: pg.ClientBase) {
  const paymentId = paymentIdOfStream(event.streamId);
  const { rows } = await tx.query<{ amount_cents: string; fee_cents: string; refunded_cents: string }>(
    'SELECT amount_cents, fee_cents, refunded_cents FROM earnings_payments WHERE payment_id = $1 AND completed',
    [paymentId],
  );
  const paid = rows[0];
  if (!paid) return;
  const amountCents = Number(paid.amount_cents);
  const before = Number(paid.refunded_cents);
  const refunded = Math.min(event.data.amountCents, amountCents - before);
  if (refunded <= 0) return;
  const back = refundSplit({ amountCents, feeCents: Number(paid.fee_cents) }, before, refunded);
  await tx.query(
    `WITH moved AS (
       INSERT INTO earnings_movements (id, store_id, payment_id, order_id, kind, gross_cents, fee_cents, net_cents, provider, description, at)
       SELECT $2, store_id, payment_id, order_id, 'refund', -$3::bigint, -$4::bigint, -$5::bigint, provider, description, $6 FROM earnings_payments WHERE payment_id = $1
       ON CONFLICT (id) DO NOTHING RETURNING 1)
     UPDATE earnings_payments SET refunded_cents = refunded_cents + $3 WHERE payment_id = $1 AND EXISTS (SELECT 1 FROM moved)`,
    [paymentId, event.id, refunded, back.feeCents, back.netCents, event.metadata.at],
  );
}

export const earningsProjection: Projection = {
  name: 'earnings',
  title: 'Incassi dei negozi',
  version: 1,
  tables: ['earnings_payments', 'earnings_movements'],
  apply: byEventType<PaymentEvent>({
    PaymentCreated: async (event: Created, tx) => {
      const { id, payee, amountCents, paymentProvider, description, metadata } = event.data;
      if (!payee) return;
      const orderId = metadata.purpose.kind === 'order' ? metadata.purpose.orderId : null;
      await tx.query(
        `INSERT INTO earnings_payments (payment_id, store_id, order_id, provider, amount_cents, fee_cents, commission_percentage, description)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (payment_id) DO NOTHING`,
        [id, payee.holderId, orderId, paymentProvider, amountCents, payee.feeCents, payee.commissionPercentage, description],
      );
    },
    PaymentCompleted: sale,
    PaymentRefunded: refund,
  }),
};
