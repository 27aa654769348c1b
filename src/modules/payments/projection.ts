import { byEventType, type Projection } from '../../platform/projections/projection.js';
import { settingsRowProjection } from '../../platform/projections/settings-row.js';
import type { PaymentEvent } from './decider.js';

const idOf = (streamId: string) => streamId.slice('payment-'.length);

/** The `payment_settings` read model, secrets included: only the server reads it whole. */
export const paymentSettingsProjection = settingsRowProjection('payment-settings', 'payment_settings', 'PaymentSettingsUpdated');

/** The `payment_transactions` read model: every movement of money, for the admin and the payers. */
export const paymentTransactionsProjection: Projection = {
  name: 'payment-transactions',
  version: 1,
  tables: ['payment_transactions'],
  apply: byEventType<PaymentEvent>({
    PaymentCreated: async (event, tx) => {
      const d = event.data;
      await tx.query(
        `INSERT INTO payment_transactions (id, user_id, assignment_id, package_id, transaction_type, amount_cents, currency, payment_method,
           payment_provider, status, metadata, description, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12, $12) ON CONFLICT (id) DO NOTHING`,
        [d.id, d.userId, d.assignmentId, d.packageId, d.transactionType, d.amountCents, d.currency, d.paymentMethod, d.paymentProvider, JSON.stringify(d.metadata), d.description, event.metadata.at],
      );
    },
    PaymentOpened: async (event, tx) => {
      await tx.query('UPDATE payment_transactions SET provider_transaction_id = $3, payment_url = $4, updated_at = $2 WHERE id = $1', [
        idOf(event.streamId), event.metadata.at, event.data.providerTransactionId, event.data.paymentUrl,
      ]);
    },
    PaymentProcessing: async (event, tx) => {
      await tx.query(`UPDATE payment_transactions SET status = 'processing', updated_at = $2 WHERE id = $1`, [idOf(event.streamId), event.metadata.at]);
    },
    PaymentCompleted: async (event, tx) => {
      await tx.query(`UPDATE payment_transactions SET status = 'completed', completed_at = $2, updated_at = $2 WHERE id = $1`, [idOf(event.streamId), event.metadata.at]);
    },
    PaymentFailed: async (event, tx) => {
      await tx.query(`UPDATE payment_transactions SET status = 'failed', failure_reason = $3, updated_at = $2 WHERE id = $1`, [idOf(event.streamId), event.metadata.at, event.data.reason]);
    },
    PaymentCancelled: async (event, tx) => {
      await tx.query(`UPDATE payment_transactions SET status = 'cancelled', failure_reason = $3, updated_at = $2 WHERE id = $1`, [idOf(event.streamId), event.metadata.at, event.data.reason]);
    },
    PaymentRefundRequested: async (event, tx) => {
      await tx.query('UPDATE payment_transactions SET refund_key = $3, updated_at = $2 WHERE id = $1', [idOf(event.streamId), event.metadata.at, event.data.refundKey]);
    },
    PaymentRefunded: async (event, tx) => {
      await tx.query(`UPDATE payment_transactions SET status = 'refunded', refunded_at = $2, updated_at = $2 WHERE id = $1`, [idOf(event.streamId), event.metadata.at]);
    },
  }),
};
