import { randomUUID } from 'node:crypto';
import { scenario, worldIds } from '../../platform/testing/accepted-events.js';
import { paymentAccountDecider, paymentAccountStreamId, type AccountStatusSeen, type PaymentAccountCommand, type PayoutSeen } from './payment-account.js';
import { paymentDecider, paymentStreamId, type PaymentCommand, type PaymentFields } from './payment.js';
import { paymentSettingsDecider, paymentSettingsStreamId, type PaymentSettingsCommand } from './settings.js';

const fields: PaymentFields = {
  userId: worldIds.shopkeeper,
  transactionType: 'credit_purchase',
  amountCents: 4900,
  currency: 'EUR',
  paymentMethod: 'credit_card',
  paymentProvider: 'sandbox',
  description: 'Crediti AI: 100',
  packageId: null,
  assignmentId: null,
  metadata: { purpose: { kind: 'credits', credits: 100 } },
};
const pending = randomUUID();
const paid = randomUUID();
const opened = { providerTransactionId: 'sbx_tx_1', paymentUrl: 'https://pagamenti.esempio.it/sbx_tx_1' };

/** What Stripe says of the world's shop's account: still to be onboarded, then taking payments. */
const onboarding: AccountStatusSeen = {
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  missing: ['business_profile.url', 'external_account'],
  pendingVerification: ['individual.verification.document'],
  disabledReason: 'requirements.past_due',
  observedAt: '2026-06-10T08:00:00.000Z',
  providerEventId: 'evt_account_1',
};
const enabled: AccountStatusSeen = {
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
  missing: [],
  pendingVerification: [],
  disabledReason: null,
  observedAt: '2026-06-10T09:00:00.000Z',
  providerEventId: 'evt_account_2',
};

/** A payout of Stripe's, paid or failed (the bank refused the account's IBAN). */
const payout = (status: 'paid' | 'failed'): PayoutSeen => ({
  payoutId: 'po_1Vicino',
  amountCents: 12_345,
  status,
  arrivalDate: '2026-06-12',
  failureCode: status === 'failed' ? 'account_closed' : null,
  failureMessage: status === 'failed' ? 'The bank account has been closed.' : null,
  providerEventId: `evt_payout_${status}`,
});

export const scenarios = [
  scenario<PaymentCommand>(
    'payments',
    paymentStreamId(randomUUID()),
    paymentDecider,
    [],
    [
      { type: 'CreatePayment', id: randomUUID(), fields, opened },
      { type: 'CreatePayment', id: randomUUID(), fields: { ...fields, transactionType: 'order_payment', metadata: { purpose: { kind: 'order', orderId: randomUUID() } } } },
      // An order paid to the shop's own account, the platform's commission kept (issue [20]).
      {
        type: 'CreatePayment',
        id: randomUUID(),
        fields: {
          ...fields,
          amountCents: 910,
          transactionType: 'order_payment',
          metadata: { purpose: { kind: 'order', orderId: randomUUID() } },
          payee: { holderKind: 'store', holderId: worldIds.store, accountId: 'acct_1Vicino', commissionPercentage: 12.5, feeCents: 114 },
        },
      },
    ],
  ),
  scenario<PaymentCommand>(
    'payments at the provider',
    paymentStreamId(pending),
    paymentDecider,
    [{ type: 'CreatePayment', id: pending, fields }],
    [
      { type: 'OpenPayment', ...opened },
      { type: 'ApplyProviderEvent', provider: 'sandbox', providerTransactionId: null, providerEventId: 'evt_processing', outcome: 'processing' },
      { type: 'ApplyProviderEvent', provider: 'sandbox', providerTransactionId: null, providerEventId: 'evt_paid', outcome: 'succeeded' },
      { type: 'ApplyProviderEvent', provider: 'sandbox', providerTransactionId: null, providerEventId: 'evt_failed', outcome: 'failed', reason: 'Carta rifiutata' },
      { type: 'CancelPayment', reason: 'Annullato dal cliente' },
    ],
  ),
  scenario<PaymentCommand>(
    'refunds',
    paymentStreamId(paid),
    paymentDecider,
    [
      { type: 'CreatePayment', id: paid, fields, opened },
      { type: 'ApplyProviderEvent', provider: 'sandbox', providerTransactionId: opened.providerTransactionId, providerEventId: 'evt_paid', outcome: 'succeeded' },
    ],
    [
      // The payer's bank disputes part of it, then decides for the shop (issue [20]).
      { type: 'ApplyProviderDispute', provider: 'sandbox', providerEventId: 'evt_dispute', dispute: { disputeId: 'dp_1', amountCents: 500, status: 'open', reason: 'fraudulent' } },
      {
        type: 'ApplyProviderDispute',
        provider: 'sandbox',
        providerEventId: 'evt_dispute_won',
        dispute: { disputeId: 'dp_1', amountCents: 500, status: 'won', reason: 'fraudulent' },
      },
      { type: 'RequestRefund', refundKey: 'refund-part', reason: 'Rimborso parziale', amountCents: 900 },
      { type: 'RequestRefund', refundKey: 'refund-all', reason: 'Rimborso' },
      {
        type: 'ApplyProviderEvent',
        provider: 'sandbox',
        providerTransactionId: opened.providerTransactionId,
        providerEventId: 'evt_refund',
        outcome: 'refunded',
        refund: { refundKey: 'refund-part', providerRefundId: 're_1', amountCents: 900 },
      },
      {
        type: 'ApplyProviderEvent',
        provider: 'sandbox',
        providerTransactionId: null,
        providerEventId: 'evt_refund_2',
        outcome: 'refunded',
        refund: { refundKey: null, providerRefundId: null, amountCents: 500 },
      },
    ],
  ),
  scenario<PaymentSettingsCommand>(
    'payment settings',
    paymentSettingsStreamId,
    paymentSettingsDecider,
    [],
    [
      {
        type: 'UpdatePaymentSettings',
        changes: {
          sandboxEnabled: true,
          sandboxWebhookSecret: 'whsec_prova',
          stripePublishableKey: 'pk_test_123',
          stripeSecretKey: 'sk_test_123',
          stripeWebhookSecret: 'whsec_123',
          stripeConnectWebhookSecret: 'whsec_connect',
          paypalClientId: 'AbC123',
          paypalClientSecret: 'segreto',
          paypalWebhookId: 'WH-123',
          paypalMode: 'sandbox',
        },
      },
    ],
  ),
  scenario<PaymentAccountCommand>(
    'payment accounts',
    paymentAccountStreamId('store', worldIds.store),
    paymentAccountDecider,
    [{ type: 'ConnectAccount', holderKind: 'store', holderId: worldIds.store, provider: 'stripe', accountId: 'acct_1Vicino' }],
    [
      { type: 'ApplyAccountStatus', provider: 'stripe', accountId: 'acct_1Vicino', status: onboarding },
      { type: 'ApplyAccountStatus', provider: 'stripe', accountId: 'acct_1Vicino', status: enabled },
      { type: 'ApplyAccountStatus', provider: 'stripe', accountId: 'acct_1Vicino', status: { ...enabled, payoutsEnabled: false, providerEventId: null } },
      { type: 'ConnectAccount', holderKind: 'store', holderId: worldIds.store, provider: 'sandbox', accountId: 'sbxacct_vicino-1' },
      { type: 'ApplyAccountStatus', provider: 'sandbox', accountId: 'sbxacct_vicino-1', status: enabled },
      { type: 'ApplyPayout', provider: 'stripe', accountId: 'acct_1Vicino', payout: payout('paid') },
      { type: 'ApplyPayout', provider: 'stripe', accountId: 'acct_1Vicino', payout: payout('failed') },
      { type: 'ApplyPayout', provider: 'stripe', accountId: 'acct_1Vicino', payout: { ...payout('failed'), payoutId: 'po_2Vicino' } },
      // The shop's own PayPal account (partner referrals): its merchant id.
      { type: 'ConnectAccount', holderKind: 'store', holderId: worldIds.store, provider: 'paypal', accountId: '3DADD381FAE8F' },
      { type: 'ApplyAccountStatus', provider: 'paypal', accountId: '3DADD381FAE8F', status: enabled },
    ],
  ),
  // A collaborator's account, where the platform transfers their compensations (issue [20]).
  scenario<PaymentAccountCommand>(
    'collaborators’ payment accounts',
    paymentAccountStreamId('collaborator', worldIds.collaborator),
    paymentAccountDecider,
    [],
    [
      { type: 'ConnectAccount', holderKind: 'collaborator', holderId: worldIds.collaborator, provider: 'stripe', accountId: 'acct_1Collaboratore' },
      { type: 'ApplyAccountStatus', provider: 'stripe', accountId: 'acct_1Collaboratore', status: { ...enabled, chargesEnabled: false } },
      { type: 'ApplyPayout', provider: 'stripe', accountId: 'acct_1Collaboratore', payout: payout('paid') },
    ],
  ),
];
