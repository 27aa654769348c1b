import { z } from 'zod';
import { adminResource, listQuerystring } from '../../platform/http/admin-rest-contract.js';
import { api, get, idParams, isoTime, post, put, timestamps } from '../../platform/http/contract.js';
import { euros } from '../../platform/http/money.js';
import { field } from '../settings/contract.js';
import { paymentMethods, paymentProviders, paymentStatuses, transactionTypes } from './payment.js';
import { paypalModes, type PaymentSettings } from './settings.js';
import { accountHolderKinds, accountProviders, accountStatuses } from './payment-account.js';

/** Spec §3 payment_transactions, as the admin's list and the payer read one. */
export const paymentRecord = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  /** The payer's username. */
  username: z.string().nullable(),
  assignmentId: z.uuid().nullable(),
  packageId: z.uuid().nullable(),
  transactionType: z.enum(transactionTypes),
  amount: euros,
  /** What the provider confirmed refunded so far (partial refunds add up; all of it: status `refunded`). */
  refundedAmount: euros,
  currency: z.string(),
  paymentMethod: z.enum(paymentMethods),
  paymentProvider: z.enum(paymentProviders),
  providerTransactionId: z.string().nullable(),
  status: z.enum(paymentStatuses),
  /** What it pays for (`purpose`: { kind: 'package', packageId } …) and what its module added. */
  metadata: z.record(z.string(), z.unknown()),
  description: z.string(),
  failureReason: z.string().nullable(),
  completedAt: isoTime.nullable(),
  refundedAt: isoTime.nullable(),
  ...timestamps,
});
export type PaymentRecord = z.infer<typeof paymentRecord>;

/** PUT /api/admin/payment-settings/current: any of its fields; secrets empty or masked keep the stored one. */
export const paymentSettingsInput = z
  .object({
    sandboxEnabled: field.flag('Pagamenti di prova'),
    currency: z.literal('EUR', { error: 'Valuta: solo EUR.' }),
    stripePublishableKey: field.text('Chiave pubblicabile Stripe', 300, { pattern: [/^(pk_[A-Za-z0-9_]+)?$/, 'Chiave pubblicabile Stripe: inizia con pk_.'] }),
    stripeSecretKey: field.secret('Chiave segreta Stripe'),
    stripeWebhookSecret: field.secret('Segreto del webhook Stripe'),
    stripeConnectWebhookSecret: field.secret('Segreto del webhook Stripe Connect'),
    paypalClientId: field.text('Client ID PayPal', 300),
    paypalClientSecret: field.secret('Secret PayPal'),
    paypalWebhookId: field.text('ID del webhook PayPal', 100),
    paypalMode: z.enum(paypalModes, { error: 'Modalità PayPal: sandbox o live.' }),
    paypalPartnerMerchantId: field.text('ID commerciante PayPal della piattaforma', 20, {
      pattern: [/^([A-Z0-9]{8,20})?$/, 'ID commerciante PayPal della piattaforma: lettere maiuscole e cifre, come lo mostra PayPal.'],
    }),
  })
  .partial()
  .extend({
    clearStripeSecretKey: field.flag('Rimuovi la chiave segreta Stripe').optional(),
    clearStripeWebhookSecret: field.flag('Rimuovi il segreto del webhook Stripe').optional(),
    clearStripeConnectWebhookSecret: field.flag('Rimuovi il segreto del webhook Stripe Connect').optional(),
    clearPaypalClientSecret: field.flag('Rimuovi il secret PayPal').optional(),
  });

/** The one record of the payment settings: secrets masked, with whether each is stored. */
export const paymentSettingsRecord = z.object({
  id: z.literal('current'),
  sandboxEnabled: z.boolean(),
  currency: z.literal('EUR'),
  stripePublishableKey: z.string(),
  stripeSecretKey: z.string().nullable(),
  stripeSecretKeySet: z.boolean(),
  stripeWebhookSecret: z.string().nullable(),
  stripeWebhookSecretSet: z.boolean(),
  stripeConnectWebhookSecret: z.string().nullable(),
  stripeConnectWebhookSecretSet: z.boolean(),
  paypalClientId: z.string(),
  paypalClientSecret: z.string().nullable(),
  paypalClientSecretSet: z.boolean(),
  paypalWebhookId: z.string(),
  paypalMode: z.enum(paypalModes),
  paypalPartnerMerchantId: z.string(),
}) satisfies z.ZodType<Omit<PaymentSettings, 'sandboxWebhookSecret' | 'stripeSecretKey' | 'stripeWebhookSecret' | 'stripeConnectWebhookSecret' | 'paypalClientSecret'>>;
export type PaymentSettingsRecord = z.infer<typeof paymentSettingsRecord>;

/** The sandbox's hosted page: what is being paid, by whom it is paid, where it stands. */
export const sandboxPayment = z.object({
  id: z.uuid(),
  description: z.string(),
  amount: euros,
  currency: z.string(),
  transactionType: z.enum(transactionTypes),
  status: z.enum(paymentStatuses),
  failureReason: z.string().nullable(),
});
export type SandboxPayment = z.infer<typeof sandboxPayment>;

export const webhookParams = z.object({ provider: z.enum(paymentProviders, { error: 'Fornitore di pagamento sconosciuto.' }) });
export const webhookReceived = z.object({ received: z.literal(true) });

const payments = adminResource('/api/admin/payments', paymentRecord);

/** The providers a payment can be opened with now, in the order the pages offer them. */
export const paymentMethodsAnswer = z.object({ methods: z.array(z.enum(paymentProviders)) });

/** Payments: the admin's list and settings, the sandbox's hosted page, the providers' webhooks. */
export const paymentsApi = api('pagamenti', {
  list: payments.list(
    'Tutti i movimenti di denaro, con filtri per stato, tipo, metodo, fornitore, utente e date (createdAt_gte, createdAt_lte), ordinamento e intervallo (Content-Range)',
  ),
  get: payments.get('Un movimento di denaro'),
  export: get(
    '/api/admin/payments/export',
    'I movimenti di denaro con i filtri e l’ordinamento della lista, in CSV (separatore punto e virgola, importi in euro con la virgola)',
    {},
    {
      querystring: listQuerystring.omit({ range: true }),
    },
  ),
  refund: post(
    '/api/admin/payments/:id/refund',
    'Rimborsa un pagamento completato presso il suo fornitore (una volta sola, con la sua chiave di idempotenza); rimborsato quando il fornitore lo conferma',
    {
      200: paymentRecord,
    },
    { params: idParams },
  ),
  methods: get(
    '/api/payments/methods',
    'Con che cosa si può pagare ora (chi ha effettuato l’accesso): sandbox se i pagamenti di prova sono attivi, stripe se le sue chiavi sono impostate',
    { 200: paymentMethodsAnswer },
  ),
  settings: get('/api/admin/payment-settings/current', 'Le impostazioni dei pagamenti, con le chiavi segrete mascherate', { 200: paymentSettingsRecord }),
  updateSettings: put(
    '/api/admin/payment-settings/current',
    'Cambia le impostazioni dei pagamenti (chiavi segrete vuote o mascherate restano quelle salvate)',
    {
      200: paymentSettingsRecord,
    },
    { body: paymentSettingsInput },
  ),
  sandboxPayment: get(
    '/api/payments/sandbox/:id',
    'Il pagamento di prova da pagare o rifiutare sulla pagina del sandbox (solo chi paga)',
    { 200: sandboxPayment },
    { params: idParams },
  ),
  sandboxPay: post(
    '/api/payments/sandbox/:id/pay',
    'Paga il pagamento di prova (nessun addebito reale): il sandbox invia il webhook firmato che lo completa',
    {
      200: sandboxPayment,
    },
    { params: idParams },
  ),
  sandboxRefuse: post(
    '/api/payments/sandbox/:id/refuse',
    'Rifiuta il pagamento di prova: il sandbox invia il webhook firmato che lo segna non riuscito',
    {
      200: sandboxPayment,
    },
    { params: idParams },
  ),
  webhook: post(
    '/api/payments/:provider/webhook',
    'Il webhook di un fornitore (sandbox, stripe, paypal): firma verificata sul corpo esatto (400 se non valida, nulla cambia); lo stesso evento più volte ha un solo effetto',
    {
      200: webhookReceived,
    },
    { params: webhookParams },
  ),
});

/** A shop's account at a provider, as its settings show it. */
export const paymentAccount = z.object({
  provider: z.enum(accountProviders),
  accountId: z.string(),
  status: z.enum(accountStatuses),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  /** What the provider still needs, in Italian, each once. */
  missing: z.array(z.string()),
  /** When the provider last said what the account can do; null until it said anything. */
  observedAt: isoTime.nullable(),
  connectedAt: isoTime,
});
export type PaymentAccount = z.infer<typeof paymentAccount>;

/** The shop's payment accounts: each provider the platform offers, the shop's account there if any, and the commission the platform keeps. */
export const shopPaymentAccounts = z.object({
  providers: z.array(
    z.object({
      provider: z.enum(accountProviders),
      /** The platform takes payments with it now (its keys set, or the test payments on). */
      available: z.boolean(),
      account: paymentAccount.nullable(),
    }),
  ),
  /** The commission of the shop's plan in force, in % (spec §9; 20 without a plan); null for a collaborator's accounts (no commission on what they receive). */
  commissionPercentage: z.number().nullable(),
});
export type ShopPaymentAccounts = z.infer<typeof shopPaymentAccounts>;

export const accountProviderParams = z.object({ provider: z.enum(accountProviders, { error: 'Fornitore di pagamento sconosciuto.' }) });
export const sandboxAccountParams = z.object({ accountId: z.string().regex(/^sbxacct_[A-Za-z0-9-]{1,80}$/, { error: 'Conto di prova non trovato.' }) });

/** The sandbox's onboarding page of an account: whose it is and where it stands. */
/** A test account on the sandbox's onboarding page: whose it is (the shop's name, or the collaborator's). */
export const sandboxAccount = z.object({
  accountId: z.string(),
  holderKind: z.enum(accountHolderKinds),
  holderName: z.string(),
  chargesEnabled: z.boolean(),
  status: z.enum(accountStatuses),
});
export type SandboxAccount = z.infer<typeof sandboxAccount>;

/** Shops' payment accounts (issue [20]): connecting one through the provider's onboarding, and its state. */
export const paymentAccountsApi = api('conti di pagamento', {
  mine: get(
    '/api/stores/me/payment-accounts',
    'I conti di pagamento del mio negozio presso i fornitori (Stripe, pagamenti di prova), il loro stato e cosa manca, e la commissione della piattaforma',
    { 200: shopPaymentAccounts },
  ),
  onboarding: post(
    '/api/stores/me/payment-accounts/:provider/onboarding',
    'Apre (una volta sola) il conto del negozio presso il fornitore e risponde la pagina del fornitore dove completarne i dati; il fornitore riporta poi alle impostazioni del negozio',
    { 200: z.object({ url: z.string() }) },
    { params: accountProviderParams },
  ),
  refresh: post(
    '/api/stores/me/payment-accounts/:provider/refresh',
    'Rilegge dal fornitore lo stato del conto del negozio (al ritorno dalla sua pagina)',
    { 200: shopPaymentAccounts },
    { params: accountProviderParams },
  ),
  collaboratorMine: get(
    '/api/collaborators/me/payment-accounts',
    'I conti di pagamento del collaboratore presso i fornitori (Stripe, pagamenti di prova), su cui la piattaforma trasferisce i compensi, il loro stato e cosa manca',
    { 200: shopPaymentAccounts },
  ),
  collaboratorOnboarding: post(
    '/api/collaborators/me/payment-accounts/:provider/onboarding',
    'Apre (una volta sola) il conto del collaboratore presso il fornitore e risponde la pagina del fornitore dove completarne i dati; il fornitore riporta poi alla pagina «Guadagni»',
    { 200: z.object({ url: z.string() }) },
    { params: accountProviderParams },
  ),
  collaboratorRefresh: post(
    '/api/collaborators/me/payment-accounts/:provider/refresh',
    'Rilegge dal fornitore lo stato del conto del collaboratore (al ritorno dalla sua pagina)',
    { 200: shopPaymentAccounts },
    { params: accountProviderParams },
  ),
  sandboxAccount: get(
    '/api/payments/sandbox/accounts/:accountId',
    'Il conto di prova da attivare sulla pagina del sandbox (solo il suo titolare: il negoziante, o il collaboratore)',
    { 200: sandboxAccount },
    { params: sandboxAccountParams },
  ),
  sandboxActivate: post(
    '/api/payments/sandbox/accounts/:accountId/activate',
    'Completa i dati del conto di prova (nessun dato reale): il sandbox invia il webhook firmato che lo attiva',
    { 200: sandboxAccount },
    { params: sandboxAccountParams },
  ),
});
