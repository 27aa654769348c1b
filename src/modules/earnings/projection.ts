import { reading, type Projection } from '../../platform/projections/projection.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { refundSplit } from '../payments/commission.js';
import { paymentIdOfStream, type PaymentEvent } from '../payments/payment.js';

/*
 * The shops' ledger (issue [20]): a payment made to a shop's own account (its `payee`) is a sale
 * once completed, gross, the platform's fee and the shop's part; each refund confirmed by the
 * provider takes back its part of each, the fee's share counted by the commission's rule on the
 * running total (payments/commission.ts refundSplit), so the refunds of a payment give back its
 * whole fee and its whole net. One movement per event (its id): applied again, nothing more.
 *
 * Set-based (docs/architecture.md): a batch reads the payments it touches once, is folded in
 * memory in log order, and is written with one statement a table.
 */

interface Paid {
  payment_id: string;
  store_id: string;
  order_id: string | null;
  provider: string;
  amount_cents: number;
  fee_cents: number;
  commission_percentage: number;
  description: string;
  completed: boolean;
  refunded_cents: number;
}

interface Movement {
  id: string;
  store_id: string;
  payment_id: string;
  order_id: string | null;
  kind: 'sale' | 'refund';
  gross_cents: number;
  fee_cents: number;
  net_cents: number;
  provider: string;
  description: string;
  at: string;
}

const types: PaymentEvent['type'][] = ['PaymentCreated', 'PaymentCompleted', 'PaymentRefunded'];

export const earningsProjection: Projection = {
  name: 'earnings',
  title: 'Incassi dei negozi',
  version: 1,
  tables: ['earnings_payments', 'earnings_movements'],
  apply: reading(types, async (batch, tx) => {
    const events = batch.filter((e) => (types as string[]).includes(e.type)) as unknown as (RecordedEvent & PaymentEvent)[];
    if (events.length === 0) return;
    // The payments this batch moves on that it did not create, and the refunds it may have applied before (a batch applied again).
    const created = new Set(events.flatMap((e) => (e.type === 'PaymentCreated' ? [e.data.id] : [])));
    const earlier = [...new Set(events.filter((e) => e.type !== 'PaymentCreated').map((e) => paymentIdOfStream(e.streamId)))].filter((id) => !created.has(id));
    const refundIds = events.filter((e) => e.type === 'PaymentRefunded').map((e) => e.id);
    const [known, applied] = await Promise.all([
      earlier.length
        ? tx.query<Paid>(
            `SELECT payment_id, store_id, order_id, provider, amount_cents::float8 AS amount_cents, fee_cents::float8 AS fee_cents, commission_percentage, description,
               completed, refunded_cents::float8 AS refunded_cents FROM earnings_payments WHERE payment_id = ANY ($1::uuid[])`,
            [earlier],
          )
        : { rows: [] as Paid[] },
      refundIds.length ? tx.query<{ id: string }>('SELECT id FROM earnings_movements WHERE id = ANY ($1::uuid[])', [refundIds]) : { rows: [] as { id: string }[] },
    ]);
    const payments = new Map(known.rows.map((p) => [p.payment_id, p]));
    const fresh = new Map<string, Paid>();
    const changed = new Set<string>();
    const done = new Set(applied.rows.map((r) => r.id));
    const movements: Movement[] = [];
    const move = (p: Paid, event: RecordedEvent, kind: Movement['kind'], gross: number, fee: number) =>
      movements.push({
        id: event.id,
        store_id: p.store_id,
        payment_id: p.payment_id,
        order_id: p.order_id,
        kind,
        gross_cents: gross,
        fee_cents: fee,
        net_cents: gross - fee,
        provider: p.provider,
        description: p.description,
        at: event.metadata.at,
      });
    for (const event of events) {
      if (event.type === 'PaymentCreated') {
        const { id, payee, amountCents, paymentProvider, description, metadata } = event.data;
        if (!payee || payments.has(id)) continue;
        const row: Paid = {
          payment_id: id,
          store_id: payee.holderId,
          order_id: metadata.purpose.kind === 'order' ? metadata.purpose.orderId : null,
          provider: paymentProvider,
          amount_cents: amountCents,
          fee_cents: payee.feeCents,
          commission_percentage: payee.commissionPercentage,
          description,
          completed: false,
          refunded_cents: 0,
        };
        payments.set(id, row);
        fresh.set(id, row);
        continue;
      }
      const paid = payments.get(paymentIdOfStream(event.streamId));
      if (!paid) continue; // the platform's own money, no shop's
      if (event.type === 'PaymentCompleted') {
        if (paid.completed) continue;
        paid.completed = true;
        changed.add(paid.payment_id);
        move(paid, event, 'sale', paid.amount_cents, paid.fee_cents);
        continue;
      }
      if (event.type !== 'PaymentRefunded' || !paid.completed || done.has(event.id)) continue;
      const refunded = Math.min(event.data.amountCents, paid.amount_cents - paid.refunded_cents);
      if (refunded <= 0) continue;
      const back = refundSplit({ amountCents: paid.amount_cents, feeCents: paid.fee_cents }, paid.refunded_cents, refunded);
      paid.refunded_cents += refunded;
      changed.add(paid.payment_id);
      move(paid, event, 'refund', -refunded, -back.feeCents);
    }
    if (fresh.size) {
      await tx.query(
        `INSERT INTO earnings_payments (payment_id, store_id, order_id, provider, amount_cents, fee_cents, commission_percentage, description, completed, refunded_cents)
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(payment_id uuid, store_id uuid, order_id uuid, provider text, amount_cents bigint, fee_cents bigint,
           commission_percentage float8, description text, completed boolean, refunded_cents bigint)
         ON CONFLICT (payment_id) DO NOTHING`,
        [JSON.stringify([...fresh.values()])],
      );
    }
    const updated = [...changed].filter((id) => !fresh.has(id)).map((id) => payments.get(id)!);
    if (updated.length) {
      await tx.query(
        `UPDATE earnings_payments p SET completed = r.completed, refunded_cents = r.refunded_cents
         FROM jsonb_to_recordset($1::jsonb) AS r(payment_id uuid, completed boolean, refunded_cents bigint)
         WHERE p.payment_id = r.payment_id AND p.payment_id = ANY ($2::uuid[])`,
        [JSON.stringify(updated.map(({ payment_id, completed, refunded_cents }) => ({ payment_id, completed, refunded_cents }))), updated.map((p) => p.payment_id)],
      );
    }
    if (movements.length) {
      await tx.query(
        `INSERT INTO earnings_movements (id, store_id, payment_id, order_id, kind, gross_cents, fee_cents, net_cents, provider, description, at)
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, store_id uuid, payment_id uuid, order_id uuid, kind text, gross_cents bigint, fee_cents bigint,
           net_cents bigint, provider text, description text, at timestamptz)
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(movements)],
      );
    }
  }),
};
