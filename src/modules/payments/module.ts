import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { paymentDecider, paymentStreamId } from './payment.js';
import { paymentSettingsProjection, paymentTransactionsProjection } from './projection.js';
import { paymentRefundsProjection } from './refunds-projection.js';
import { paymentRoutes } from './routes.js';
import { paymentSettingsDecider, paymentSettingsStreamId } from './settings.js';

/**
 * Payments: every movement of money as a transaction, the providers that move it (the built-in
 * sandbox; Stripe and PayPal through the same interface), their webhooks, and the admin's list and
 * settings. What a payment pays for (its metadata's `purpose`) is for the owning module to act on.
 */
export const paymentsModule: ModuleManifest = {
  name: 'payments',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [paymentRoutes],
  projections: [paymentTransactionsProjection, paymentRefundsProjection, paymentSettingsProjection],
  events: {
    PaymentCreated: 'Pagamento creato',
    PaymentOpened: 'Pagamento avviato presso il fornitore',
    PaymentProcessing: 'Pagamento in lavorazione',
    PaymentCompleted: 'Pagamento completato',
    PaymentFailed: 'Pagamento non riuscito',
    PaymentCancelled: 'Pagamento annullato',
    PaymentRefundRequested: 'Rimborso richiesto',
    PaymentRefunded: 'Pagamento rimborsato',
    PaymentSettingsUpdated: 'Impostazioni dei pagamenti modificate',
  },
  summaries: {
    PaymentCreated: (data) => `Pagamento «${said.text(data.description)}» creato.`,
  },
  audited: {
    payment: { stream: paymentStreamId, decider: () => paymentDecider },
    'payment-settings': { stream: () => paymentSettingsStreamId, decider: () => paymentSettingsDecider, singleton: true },
  },
};
