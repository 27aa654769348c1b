import { z } from 'zod';
import { adminResource, listQuerystring } from '../../platform/http/admin-rest-contract.js';
import { api, get, idParams, isoTime, post, put, timestamps } from '../../platform/http/contract.js';
import { euros } from '../../platform/http/money.js';
import { field } from '../settings/contract.js';
import { paymentMethods, paymentProviders, paymentStatuses, transactionTypes } from './payment.js';
import { paypalModes, type PaymentSettings } from './settings.js';

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
    paypalClientId: field.text('Client ID PayPal', 300),
    paypalClientSecret: field.secret('Secret PayPal'),
    paypalWebhookId: field.text('ID del webhook PayPal', 100),
    paypalMode: z.enum(paypalModes, { error: 'Modalità PayPal: sandbox o live.' }),
  })
  .partial()
  .extend({
    clearStripeSecretKey: field.flag('Rimuovi la chiave segreta Stripe').optional(),
    clearStripeWebhookSecret: field.flag('Rimuovi il segreto del webhook Stripe').optional(),
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
  paypalClientId: z.string(),
  paypalClientSecret: z.string().nullable(),
  paypalClientSecretSet: z.boolean(),
  paypalWebhookId: z.string(),
  paypalMode: z.enum(paypalModes),
}) satisfies z.ZodType<Omit<PaymentSettings, 'sandboxWebhookSecret' | 'stripeSecretKey' | 'stripeWebhookSecret' | 'paypalClientSecret'>>;
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
