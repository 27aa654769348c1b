import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { reading, type Projection } from '../../platform/projections/projection.js';
import { settingsRowProjection } from '../../platform/projections/settings-row.js';
import { paymentIdOfStream, type PaymentEvent } from './payment.js';
import { derivedId } from '../../platform/commands/ids.js';

/** The `payment_settings` read model, secrets included: only the server reads it whole. */
export const paymentSettingsProjection = settingsRowProjection('payment-settings', 'Impostazioni dei pagamenti', 'payment_settings', 'PaymentSettingsUpdated');

interface Patch {
  id: string;
  status?: string;
  provider_transaction_id?: string;
  payment_url?: string;
  failure_reason?: string;
  refund_key?: string;
  completed_at?: string;
  refunded_at?: string;
  /** Cents the provider confirmed refunded in this batch. */
  refunded_add?: number;
  updated_at: string;
}

const types: PaymentEvent['type'][] = [
  'PaymentCreated',
  'PaymentOpened',
  'PaymentProcessing',
  'PaymentCompleted',
  'PaymentFailed',
  'PaymentCancelled',
  'PaymentRefundRequested',
  'PaymentRefunded',
];

/**
 * The id of a refund's own row: one per refund, however often it is told. The whole payment's
 * refund (its key `refund-<id>`, or none in the events before partial refunds) keeps the id it
 * always had; each part has its own, by its key.
 */
export const refundRowId = (paymentId: string, refundKey?: string): string =>
  refundKey === undefined || refundKey === `refund-${paymentId}` ? derivedId('refund-of', paymentId) : derivedId('refund-of', paymentId, refundKey);

/** The events that end a payment's wait, one way or the other, or give its money back. */
const settling = new Set<string>(['PaymentCompleted', 'PaymentFailed', 'PaymentCancelled', 'PaymentRefunded'] satisfies PaymentEvent['type'][]);

/** The read model's news when a payment was paid, failed, cancelled or refunded (Projection.topics): `payment-transactions/settled`. */
export const paymentsSettledTopic = 'settled';
export const paymentsSettled = `payment-transactions/${paymentsSettledTopic}`;

/**
 * The `payment_transactions` read model: every movement of money, for the admin and the payers.
 * A refund is money moving back: besides the payment's own status (`refunded`), it is a row of its
 * own, of type `refund`, completed when the provider confirmed it, naming the payment it gives back
 * (`metadata.refundOf`).
 * Set-based (docs/architecture.md): the batch is folded in memory into the new rows and one change
 * a payment, then written with one INSERT and one UPDATE, whatever the batch's size.
 */
export const paymentTransactionsProjection: Projection = {
  name: 'payment-transactions',
  title: 'Pagamenti',
  // 2: a refund is a row of its own (type refund).
  version: 2,
  tables: ['payment_transactions'],
  // The processes that act on paid or refunded payments (a plan activated, an unlock recorded)
  // wait for these, not for every payment a checkout opens.
  topics: (events) => (events.some((e) => settling.has(e.type)) ? [paymentsSettledTopic] : []),
  apply: reading(types, async (batch, tx) => {
    const created: Record<string, unknown>[] = [];
    /** The rows new in this batch, by id: what their next events set goes into the INSERT, not an UPDATE after it. */
    const createdById = new Map<string, Record<string, unknown>>();
    const refunds: { id: string; of: string; amount_cents: number; at: string; refund_key: string | null }[] = [];
    const patches = new Map<string, Patch>();
    for (const recorded of batch) {
      const event = recorded as unknown as RecordedEvent & PaymentEvent;
      const at = event.metadata.at;
      if (event.type === 'PaymentCreated') {
        const d = event.data;
        const row = {
          id: d.id,
          user_id: d.userId,
          assignment_id: d.assignmentId,
          package_id: d.packageId,
          transaction_type: d.transactionType,
          amount_cents: d.amountCents,
          currency: d.currency,
          payment_method: d.paymentMethod,
          payment_provider: d.paymentProvider,
          metadata: d.metadata,
          description: d.description,
          created_at: at,
          provider_transaction_id: d.opened?.providerTransactionId ?? null,
          payment_url: d.opened?.paymentUrl ?? null,
        };
        created.push(row);
        createdById.set(d.id, row);
        continue;
      }
      if (!types.includes(event.type)) continue;
      const id = paymentIdOfStream(event.streamId);
      const fresh = createdById.get(id);
      if (event.type === 'PaymentOpened' && fresh) {
        // Opened in the batch that created it (a payment opened later; before PaymentCreated said
        // `opened`, every checkout's): one row written once. Each write of a row costs its search
        // index's trigrams, so an INSERT and then an UPDATE cost two.
        Object.assign(fresh, { provider_transaction_id: event.data.providerTransactionId, payment_url: event.data.paymentUrl });
        continue;
      }
      const patch: Patch = { ...patches.get(id), id, updated_at: at };
      switch (event.type) {
        case 'PaymentOpened':
          Object.assign(patch, { provider_transaction_id: event.data.providerTransactionId, payment_url: event.data.paymentUrl });
          break;
        case 'PaymentProcessing':
          patch.status = 'processing';
          break;
        case 'PaymentCompleted':
          Object.assign(patch, { status: 'completed', completed_at: at });
          break;
        case 'PaymentFailed':
        case 'PaymentCancelled':
          Object.assign(patch, { status: event.type === 'PaymentFailed' ? 'failed' : 'cancelled', failure_reason: event.data.reason });
          break;
        case 'PaymentRefundRequested':
          // Only the whole payment's refund: a part leaves the rest of it to refund (orders' refund of a cancelled order).
          if (!event.data.partial) patch.refund_key = event.data.refundKey;
          break;
        case 'PaymentRefunded':
          // Refunded (its status) once all of it is: the UPDATE compares with what was paid.
          Object.assign(patch, { refunded_at: at, refunded_add: (patch.refunded_add ?? 0) + event.data.amountCents });
          refunds.push({
            id: refundRowId(id, event.data.refundKey),
            of: id,
            amount_cents: event.data.amountCents,
            at,
            refund_key: event.data.refundKey && event.data.refundKey !== `refund-${id}` ? event.data.refundKey : null,
          });
          break;
      }
      patches.set(id, patch);
    }
    if (created.length) {
      await tx.query(
        `INSERT INTO payment_transactions (id, user_id, assignment_id, package_id, transaction_type, amount_cents, currency, payment_method,
           payment_provider, provider_transaction_id, payment_url, status, metadata, description, created_at, updated_at)
         SELECT id, user_id, assignment_id, package_id, transaction_type, amount_cents, currency, payment_method, payment_provider, provider_transaction_id,
           payment_url, 'pending', metadata, description, created_at, created_at
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, user_id uuid, assignment_id uuid, package_id uuid, transaction_type text, amount_cents bigint,
           currency text, payment_method text, payment_provider text, provider_transaction_id text, payment_url text, metadata jsonb, description text,
           created_at timestamptz)
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(created)],
      );
    }
    if (patches.size) {
      // A patch holds only what its events set: the rest of the row stays as it is.
      await tx.query(
        `UPDATE payment_transactions t SET
           status = CASE WHEN t.refunded_cents + coalesce(p.refunded_add, 0) >= t.amount_cents AND p.refunded_add IS NOT NULL THEN 'refunded'
             ELSE coalesce(p.status, t.status) END,
           refunded_cents = t.refunded_cents + coalesce(p.refunded_add, 0),
           provider_transaction_id = coalesce(p.provider_transaction_id, t.provider_transaction_id),
           payment_url = coalesce(p.payment_url, t.payment_url),
           failure_reason = coalesce(p.failure_reason, t.failure_reason),
           refund_key = coalesce(p.refund_key, t.refund_key),
           completed_at = coalesce(p.completed_at, t.completed_at),
           -- When it became refunded (all of it): the refunds' processes (packages, orders) read refunded payments by it.
           refunded_at = CASE WHEN t.refunded_cents + coalesce(p.refunded_add, 0) >= t.amount_cents THEN coalesce(p.refunded_at, t.refunded_at) ELSE t.refunded_at END,
           updated_at = p.updated_at
         FROM jsonb_to_recordset($1::jsonb) AS p(id uuid, status text, provider_transaction_id text, payment_url text, failure_reason text,
           refund_key text, completed_at timestamptz, refunded_at timestamptz, refunded_add bigint, updated_at timestamptz)
         WHERE t.id = p.id AND t.id = ANY ($2::uuid[])`,
        // The ids again as an array: the planner, which takes a function's rows for a hundred,
        // otherwise reads the whole table to join them (a cost that grows with every payment).
        [JSON.stringify([...patches.values()]), [...patches.keys()]],
      );
    }
    if (refunds.length) {
      // Who, for what and how, as the payment it gives back (its row is in by now).
      await tx.query(
        `INSERT INTO payment_transactions (id, user_id, assignment_id, package_id, transaction_type, amount_cents, currency, payment_method,
           payment_provider, status, metadata, description, completed_at, created_at, updated_at)
         SELECT r.id, t.user_id, t.assignment_id, t.package_id, 'refund', r.amount_cents, t.currency, t.payment_method, t.payment_provider, 'completed',
           jsonb_build_object('refundOf', t.id, 'purpose', t.metadata -> 'purpose') || CASE WHEN r.refund_key IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('refundKey', r.refund_key) END,
           'Rimborso: ' || t.description, r.at, r.at, r.at
         FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, of uuid, amount_cents bigint, at timestamptz, refund_key text)
         JOIN payment_transactions t ON t.id = r.of AND t.id = ANY ($2::uuid[])
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(refunds), refunds.map((r) => r.of)],
      );
    }
  }),
};
