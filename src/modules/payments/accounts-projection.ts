import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { PaymentAccountEvent } from './payment-account.js';

/** The `payment_accounts` read model: each holder's account at each provider and what it can do. */
export const paymentAccountsProjection: Projection = {
  name: 'payment-accounts',
  title: 'Conti di pagamento',
  version: 1,
  tables: ['payment_accounts'],
  apply: byEventType<PaymentAccountEvent>({
    PaymentAccountConnected: (event, tx) =>
      tx.query(
        `INSERT INTO payment_accounts (holder_kind, holder_id, provider, account_id, connected_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (holder_kind, holder_id, provider) DO NOTHING`,
        [event.data.holderKind, event.data.holderId, event.data.provider, event.data.accountId, event.metadata.at],
      ),
    PaymentAccountUpdated: (event, tx) => {
      const d = event.data;
      return tx.query(
        `UPDATE payment_accounts SET charges_enabled = $3, payouts_enabled = $4, details_submitted = $5, missing = $6, pending_verification = $7,
           disabled_reason = $8, observed_at = $9, updated_at = $10
         WHERE provider = $1 AND account_id = $2`,
        [d.provider, d.accountId, d.chargesEnabled, d.payoutsEnabled, d.detailsSubmitted, d.missing, d.pendingVerification, d.disabledReason, d.observedAt, event.metadata.at],
      );
    },
  }),
};
