import { reading, type Projection } from '../../platform/projections/projection.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import type { Queryable } from '../../platform/db/pool.js';
import { refundSplit } from '../payments/commission.js';
import { paymentIdOfStream, type PaymentEvent } from '../payments/payment.js';
import type { PaymentAccountEvent } from '../payments/payment-account.js';
import type { AssignmentEvent } from '../assignments/assignment.js';

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
  holder_kind: 'store' | 'collaborator';
  holder_id: string;
  payment_id: string | null;
  payout_id: string | null;
  transfer_id: string | null;
  assignment_id: string | null;
  order_id: string | null;
  kind: 'sale' | 'refund' | 'chargeback' | 'chargeback_reversal' | 'payout' | 'payout_reversal' | 'transfer';
  dispute_id: string | null;
  gross_cents: number;
  fee_cents: number;
  net_cents: number;
  provider: string;
  description: string;
  at: string;
}

const types: PaymentEvent['type'][] = ['PaymentCreated', 'PaymentCompleted', 'PaymentRefunded', 'PaymentDisputeOpened', 'PaymentDisputeClosed'];
const payoutTypes: PaymentAccountEvent['type'][] = ['PaymentAccountPayoutPaid', 'PaymentAccountPayoutFailed'];
type PayoutEvent = RecordedEvent & Extract<PaymentAccountEvent, { type: 'PaymentAccountPayoutPaid' | 'PaymentAccountPayoutFailed' }>;

/** The holder of a payment account's stream (`payment-account-<kind>-<id>`). */
const holderOfStream = (streamId: string): { kind: string; id: string } => {
  const [kind, ...id] = streamId.slice('payment-account-'.length).split('-');
  return { kind: kind!, id: id.join('-') };
};
type PaidAssignment = RecordedEvent & Extract<AssignmentEvent, { type: 'AssignmentPaid' }>;
const italianDay = (day: string): string => day.split('-').reverse().join('/');

export const earningsProjection: Projection = {
  name: 'earnings',
  title: 'Incassi dei negozi',
  // 2: chargebacks and their reversals; 3: payouts; 4: each holder's (collaborators' transfers and payouts too).
  version: 4,
  tables: ['earnings_payments', 'earnings_movements', 'earnings_payouts'],
  // A payment created is noted (earnings_payments, which only this projection reads) for its
  // completion: «Incassi» shows a sale once paid, so a checkout does not wait for it.
  unseen: ['PaymentCreated'],
  apply: reading([...types, ...payoutTypes, 'AssignmentPaid'], async (batch, tx) => {
    await applyPayouts(batch.filter((e) => (payoutTypes as string[]).includes(e.type)) as unknown as PayoutEvent[], tx);
    await insertMovements(tx, transfersOf(batch.filter((e) => e.type === 'AssignmentPaid') as unknown as PaidAssignment[]));
    const events = batch.filter((e) => (types as string[]).includes(e.type)) as unknown as (RecordedEvent & PaymentEvent)[];
    if (events.length === 0) return;
    // The payments this batch moves on that it did not create, and the refunds it may have applied before (a batch applied again).
    const created = new Set(events.flatMap((e) => (e.type === 'PaymentCreated' ? [e.data.id] : [])));
    const earlier = [...new Set(events.filter((e) => e.type !== 'PaymentCreated').map((e) => paymentIdOfStream(e.streamId)))].filter((id) => !created.has(id));
    const refundIds = events.filter((e) => e.type === 'PaymentRefunded' || e.type === 'PaymentDisputeOpened' || e.type === 'PaymentDisputeClosed').map((e) => e.id);
    const closing = [...new Set(events.filter((e) => e.type === 'PaymentDisputeClosed').map((e) => paymentIdOfStream(e.streamId)))];
    // One after the other: a transaction's client runs one query at a time.
    const known = earlier.length
      ? await tx.query<Paid>(
          `SELECT payment_id, store_id, order_id, provider, amount_cents::float8 AS amount_cents, fee_cents::float8 AS fee_cents, commission_percentage, description,
             completed, refunded_cents::float8 AS refunded_cents FROM earnings_payments WHERE payment_id = ANY ($1::uuid[])`,
          [earlier],
        )
      : { rows: [] as Paid[] };
    const applied = refundIds.length
      ? await tx.query<{ id: string }>('SELECT id FROM earnings_movements WHERE id = ANY ($1::uuid[])', [refundIds])
      : { rows: [] as { id: string }[] };
    // The chargebacks of the disputes this batch closes, taken before it.
    const chargebacks = closing.length
      ? await tx.query<{ dispute_id: string; gross_cents: number; fee_cents: number }>(
          `SELECT dispute_id, gross_cents::float8 AS gross_cents, fee_cents::float8 AS fee_cents FROM earnings_movements
           WHERE kind = 'chargeback' AND payment_id = ANY ($1::uuid[])`,
          [closing],
        )
      : { rows: [] as { dispute_id: string; gross_cents: number; fee_cents: number }[] };
    /** Each dispute's chargeback (what it took back, negative), by the dispute's id: a win gives it back. */
    const takenBack = new Map(chargebacks.rows.map((c) => [c.dispute_id, { gross: c.gross_cents, fee: c.fee_cents, reversed: false }]));
    const payments = new Map(known.rows.map((p) => [p.payment_id, p]));
    const fresh = new Map<string, Paid>();
    const changed = new Set<string>();
    const done = new Set(applied.rows.map((r) => r.id));
    const movements: Movement[] = [];
    const move = (p: Paid, event: RecordedEvent, kind: Movement['kind'], gross: number, fee: number, disputeId: string | null = null) =>
      movements.push({
        dispute_id: disputeId,
        id: event.id,
        holder_kind: 'store',
        holder_id: p.store_id,
        payment_id: p.payment_id,
        payout_id: null,
        transfer_id: null,
        assignment_id: null,
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
      if (done.has(event.id)) continue;
      if (event.type === 'PaymentDisputeClosed') {
        // Won: what the chargeback took comes back, fee and net alike; lost: the chargeback stands.
        const taken = takenBack.get(event.data.disputeId);
        if (event.data.outcome !== 'won' || !taken || taken.reversed) continue;
        taken.reversed = true;
        paid.refunded_cents += taken.gross;
        changed.add(paid.payment_id);
        move(paid, event, 'chargeback_reversal', -taken.gross, -taken.fee, event.data.disputeId);
        continue;
      }
      if ((event.type !== 'PaymentRefunded' && event.type !== 'PaymentDisputeOpened') || !paid.completed) continue;
      // A refund, or a chargeback: money taken back, the fee's share by the commission's rule on the running total.
      const taken = Math.min(event.data.amountCents, paid.amount_cents - paid.refunded_cents);
      if (taken <= 0) continue;
      const back = refundSplit({ amountCents: paid.amount_cents, feeCents: paid.fee_cents }, paid.refunded_cents, taken);
      paid.refunded_cents += taken;
      changed.add(paid.payment_id);
      if (event.type === 'PaymentRefunded') move(paid, event, 'refund', -taken, -back.feeCents);
      else {
        takenBack.set(event.data.disputeId, { gross: -taken, fee: -back.feeCents, reversed: false });
        move(paid, event, 'chargeback', -taken, -back.feeCents, event.data.disputeId);
      }
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
    await insertMovements(tx, movements);
  }),
};

async function insertMovements(tx: Queryable, movements: Movement[]): Promise<void> {
  if (!movements.length) return;
  await tx.query(
    `INSERT INTO earnings_movements (id, holder_kind, holder_id, payment_id, payout_id, transfer_id, assignment_id, order_id, kind, gross_cents, fee_cents, net_cents,
       provider, description, at, dispute_id)
     SELECT id, holder_kind, holder_id, payment_id, payout_id, transfer_id, assignment_id, order_id, kind, gross_cents, fee_cents, net_cents, provider, description, at, dispute_id
     FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, holder_kind text, holder_id uuid, payment_id uuid, payout_id text, transfer_id text, assignment_id uuid, order_id uuid,
       kind text, gross_cents bigint, fee_cents bigint, net_cents bigint, provider text, description text, at timestamptz, dispute_id text)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(movements)],
  );
}

/**
 * The payouts to the holders' banks: each one's row (paid, or failed and why), and for a shop a
 * movement of its ledger: the payout takes its amount off the balance at the provider, and a paid
 * payout that failed puts it back. The payment account's decider reports each payout paid once and
 * failed once, so each event is at most one movement (its id: applied again, nothing more).
 */
async function applyPayouts(events: PayoutEvent[], tx: Queryable): Promise<void> {
  if (!events.length) return;
  const rows = new Map<string, Record<string, unknown>>();
  const movements: Movement[] = [];
  for (const event of events) {
    const holder = holderOfStream(event.streamId);
    const { provider, payoutId, accountId, amountCents, arrivalDate } = event.data;
    const failed = event.type === 'PaymentAccountPayoutFailed' ? event.data : null;
    const key = `${provider}\u0000${payoutId}`;
    rows.set(key, {
      ...(rows.get(key) ?? { reported_at: event.metadata.at }),
      provider,
      payout_id: payoutId,
      account_id: accountId,
      holder_kind: holder.kind,
      holder_id: holder.id,
      amount_cents: amountCents,
      status: failed ? 'failed' : 'paid',
      arrival_date: arrivalDate,
      failure_code: failed?.failureCode ?? null,
      failure_message: failed?.failureMessage ?? null,
      was_paid: failed ? failed.wasPaid : false,
      updated_at: event.metadata.at,
    });
    if ((holder.kind !== 'store' && holder.kind !== 'collaborator') || (failed && !failed.wasPaid) || amountCents === 0) continue;
    const sign = failed ? 1 : -1;
    movements.push({
      id: event.id,
      holder_kind: holder.kind,
      holder_id: holder.id,
      payment_id: null,
      payout_id: payoutId,
      transfer_id: null,
      assignment_id: null,
      order_id: null,
      kind: failed ? 'payout_reversal' : 'payout',
      dispute_id: null,
      gross_cents: sign * amountCents,
      fee_cents: 0,
      net_cents: sign * amountCents,
      provider,
      description: failed ? 'Bonifico non riuscito: l’importo torna nel saldo' : `Bonifico alla banca, in arrivo il ${italianDay(arrivalDate)}`,
      at: event.metadata.at,
    });
  }
  await tx.query(
    `INSERT INTO earnings_payouts (provider, payout_id, account_id, holder_kind, holder_id, amount_cents, status, arrival_date, failure_code, failure_message, was_paid, reported_at, updated_at)
     SELECT provider, payout_id, account_id, holder_kind, holder_id, amount_cents, status, arrival_date, failure_code, failure_message, was_paid, reported_at, updated_at
     FROM jsonb_to_recordset($1::jsonb) AS r(provider text, payout_id text, account_id text, holder_kind text, holder_id uuid, amount_cents bigint, status text,
       arrival_date date, failure_code text, failure_message text, was_paid boolean, reported_at timestamptz, updated_at timestamptz)
     ON CONFLICT (provider, payout_id) DO UPDATE SET status = excluded.status, failure_code = excluded.failure_code, failure_message = excluded.failure_message,
       was_paid = excluded.was_paid, updated_at = excluded.updated_at
     WHERE earnings_payouts.status = 'paid'`,
    [JSON.stringify([...rows.values()])],
  );
  await insertMovements(tx, movements);
}

/**
 * The compensations paid by transfer to collaborators' accounts (issue [20]): a movement of the
 * collaborator's ledger each, money in on their account at the provider (no fee: the platform's
 * commission was kept when the shop paid). Paid by hand, nothing moved through a provider.
 */
function transfersOf(events: PaidAssignment[]): Movement[] {
  return events.flatMap((event) => {
    const { transfer, compensationCents } = event.data;
    if (!transfer || compensationCents === 0) return [];
    return [
      {
        id: event.id,
        holder_kind: 'collaborator' as const,
        holder_id: transfer.collaboratorId,
        payment_id: null,
        payout_id: null,
        transfer_id: transfer.transferId,
        assignment_id: event.streamId.slice('assignment-'.length),
        order_id: null,
        kind: 'transfer' as const,
        dispute_id: null,
        gross_cents: compensationCents,
        fee_cents: 0,
        net_cents: compensationCents,
        provider: transfer.provider,
        description: 'Compenso di un incarico',
        at: event.metadata.at,
      },
    ];
  });
}
