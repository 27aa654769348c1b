import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { paymentsPersonalExport } from './personal-export.js';
import { paymentDecider, paymentStreamId } from './payment.js';
import { paymentSettingsProjection, paymentTransactionsProjection } from './projection.js';
import { paymentRefundsProjection } from './refunds-projection.js';
import { paymentDisputesProjection } from './disputes-projection.js';
import { paymentRoutes } from './routes.js';
import { paymentAccountRoutes } from './accounts-routes.js';
import { paymentAccountsProjection } from './accounts-projection.js';
import { paymentAccountDecider, paymentAccountStreamId } from './payment-account.js';
import { accountStatusLabels } from './labels.js';
import { accountStatusOf, type AccountCapabilities } from './payment-account.js';
import { paymentSettingsDecider, paymentSettingsStreamId } from './settings.js';
import { paymentsPersonalData } from './personal-data.js';

/**
 * Payments: every movement of money as a transaction, the providers that move it (the built-in
 * sandbox; Stripe and PayPal through the same interface), their webhooks, and the admin's list and
 * settings. What a payment pays for (its metadata's `purpose`) is for the owning module to act on.
 */
/** A day (YYYY-MM-DD) as Italians write it: 03/12/2026. */
const romeDay = (day: string): string => day.split('-').reverse().join('/');

/** A payment account's provider in a history's sentence: «Conto di pagamento Stripe». */
const accountNames: Record<string, string> = { stripe: 'Stripe', paypal: 'PayPal', sandbox: 'di prova' };

export const paymentsModule: ModuleManifest = {
  name: 'payments',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [paymentRoutes, paymentAccountRoutes],
  projections: [paymentTransactionsProjection, paymentRefundsProjection, paymentSettingsProjection, paymentAccountsProjection, paymentDisputesProjection],
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
    PaymentDisputeOpened: 'Pagamento contestato dalla banca del cliente',
    PaymentDisputeClosed: 'Contestazione del pagamento decisa',
    PaymentAccountConnected: 'Conto di pagamento aperto presso il fornitore',
    PaymentAccountUpdated: 'Stato del conto di pagamento aggiornato dal fornitore',
    PaymentAccountPayoutPaid: 'Bonifico del saldo alla banca del titolare',
    PaymentAccountPayoutFailed: 'Bonifico del saldo non riuscito',
  },
  personalData: paymentsPersonalData,
  personalExport: paymentsPersonalExport,
  summaries: {
    PaymentCreated: (data) => `Pagamento «${said.text(data.description)}» creato${data.opened ? ' e avviato presso il fornitore' : ''}.`,
    PaymentAccountConnected: (data) =>
      `Conto di pagamento ${accountNames[String(data.provider)] ?? 'di prova'} aperto per ${data.holderKind === 'collaborator' ? 'il collaboratore' : 'il negozio'}.`,
    PaymentAccountUpdated: (data) =>
      `Conto di pagamento ${accountNames[String(data.provider)] ?? 'di prova'}: ${accountStatusLabels[accountStatusOf(data as unknown as AccountCapabilities)].toLowerCase()}.`,
    PaymentAccountPayoutPaid: (data) => `Bonifico di ${said.money(data.amountCents)} alla banca, in arrivo il ${romeDay(String(data.arrivalDate))}.`,
    PaymentAccountPayoutFailed: (data) =>
      `Bonifico di ${said.money(data.amountCents)} non riuscito${data.failureMessage ? `: ${said.text(data.failureMessage)}` : ''}${data.wasPaid ? ' (l’importo torna nel saldo)' : ''}.`,
  },
  audited: {
    payment: { stream: paymentStreamId, decider: () => paymentDecider },
    'payment-settings': { stream: () => paymentSettingsStreamId, decider: () => paymentSettingsDecider, singleton: true },
    // A shop's payment accounts, named by the shop's id.
    'store-payment-accounts': { stream: (storeId) => paymentAccountStreamId('store', storeId), decider: () => paymentAccountDecider },
    // A collaborator's, named by the collaborator's user id.
    'collaborator-payment-accounts': { stream: (userId) => paymentAccountStreamId('collaborator', userId), decider: () => paymentAccountDecider },
  },
};
