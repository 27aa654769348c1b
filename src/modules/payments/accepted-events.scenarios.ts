import { randomUUID } from 'node:crypto';
import { scenario, worldIds } from '../../platform/testing/accepted-events.js';
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

export const scenarios = [
  scenario<PaymentCommand>(
    'payments',
    paymentStreamId(randomUUID()),
    paymentDecider,
    [],
    [
      { type: 'CreatePayment', id: randomUUID(), fields, opened },
      { type: 'CreatePayment', id: randomUUID(), fields: { ...fields, transactionType: 'order_payment', metadata: { purpose: { kind: 'order', orderId: randomUUID() } } } },
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
          paypalClientId: 'AbC123',
          paypalClientSecret: 'segreto',
          paypalWebhookId: 'WH-123',
          paypalMode: 'sandbox',
        },
      },
    ],
  ),
];
