import type { FastifyInstance } from 'fastify';
import { systemContext } from '../../platform/domain/context.js';
import type { ProcessDeps } from '../../platform/module.js';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReadDb } from '../../platform/db/read.js';
import { DomainError } from '../../platform/domain/errors.js';
import { maskSecret } from '../../platform/domain/secrets.js';
import { answerList, everyRow, findOne } from '../../platform/http/admin-rest.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { serveSettingsRecord } from '../../platform/http/settings-record.js';
import { ReadCache } from '../../platform/http/read-cache.js';
import { paymentSettingsProjection } from './projection.js';
import { providersOn, type PaymentSettings } from './settings.js';
import { receiveWebhook, refundPayment, updatePaymentSettings, type ProviderOf } from './commands.js';
import { paymentsApi, type PaymentRecord, type PaymentSettingsRecord, type SandboxPayment } from './contract.js';
import { statusLabels } from './labels.js';
import { paymentsCsv } from './export.js';
import type { RawWebhook } from './providers.js';
import { paymentsResource, readPaymentSettings } from './queries.js';
import { ShopPayeesCache, type ShopPayees } from './payees.js';
import { paypalClients, paypalProvider } from './paypal.js';
import { stripeEndpointOf, stripeProvider, type StripeEndpoint } from './stripe.js';
import { sandboxOff, sandboxProvider, sandboxTransactionId, sandboxWebhook, type SandboxEventType } from './sandbox.js';

/** Webhooks' bodies are small; a provider's biggest event is far below this. */
const webhookBodyLimit = 256 * 1024;

/**
 * The providers as the settings stand: the sandbox, Stripe and PayPal. `deliver` is how the
 * sandbox reaches the app's own webhook path; `stripe` and `paypal`, where their SDKs talk to when
 * not to Stripe and PayPal (STRIPE_API_URL, PAYPAL_API_URL).
 */
export function providersOf(
  db: ReadDb,
  deliver: (webhook: RawWebhook) => Promise<void>,
  { stripe, paypal, settingsOf = () => readPaymentSettings(db) }: { stripe?: StripeEndpoint; paypal?: string; settingsOf?: () => Promise<PaymentSettings> } = {},
): ProviderOf {
  // PayPal's SDK client (and its OAuth2 token) outlives one request: made again only when the keys change.
  const paypalApi = paypalClients(paypal);
  return async (name) => {
    const settings = await settingsOf();
    if (name === 'sandbox') return sandboxProvider({ secret: settings.sandboxWebhookSecret, enabled: settings.sandboxEnabled }, deliver);
    if (name === 'stripe')
      return stripeProvider(
        { secretKey: settings.stripeSecretKey, webhookSecret: settings.stripeWebhookSecret, connectWebhookSecret: settings.stripeConnectWebhookSecret },
        stripe,
      );
    const { paypalClientId: clientId, paypalClientSecret: clientSecret, paypalWebhookId: webhookId, paypalMode: mode, paypalPartnerMerchantId: partnerMerchantId } = settings;
    return paypalProvider({ clientId, clientSecret, webhookId, mode, partnerMerchantId }, paypalApi);
  };
}

/** How the sandbox sends a webhook, as a provider sends one: over HTTP, to the app's webhook path. */
export const sandboxDelivery =
  (app: FastifyInstance) =>
  async ({ body, headers }: RawWebhook): Promise<void> => {
    const answer = await app.inject({ method: 'POST', url: '/api/payments/sandbox/webhook', headers: headers as Record<string, string>, payload: body });
    if (answer.statusCode !== 200) throw new Error(`Sandbox webhook answered ${answer.statusCode}: ${answer.body}`);
  };

/** What the app's modules use to take payments: the providers, and which the platform takes now. */
export interface AppPayments {
  providers: ProviderOf;
  onlineMethods(): Promise<Set<'stripe' | 'paypal' | 'sandbox'>>;
  /** The shops' accounts that take payments and their plans' commission, kept until they change (payees.ts). */
  payees(storeIds: readonly string[], now: Date): Promise<Map<string, ShopPayees>>;
}

const appPaymentsOf = new WeakMap<FastifyInstance, AppPayments>();

/**
 * The providers as the app runs them (its routes, and the modules that open payments: packages,
 * orders), one set per app: the sandbox answering on this app, Stripe and PayPal where
 * STRIPE_API_URL and PAYPAL_API_URL say, and the settings, which every webhook and every checkout
 * paid online asks for, and the shops' payees, which every checkout paid online asks for, kept
 * until they change (the read models' news).
 */
export function appPayments(app: FastifyInstance): AppPayments {
  const made = appPaymentsOf.get(app);
  if (made) return made;
  const { db } = app.deps;
  const settingsCache = new ReadCache(app.deps.projections, [paymentSettingsProjection.name], 1);
  const settingsOf = async () => JSON.parse(await settingsCache.json('current', () => readPaymentSettings(db))) as PaymentSettings;
  const payeesCache = new ShopPayeesCache(app.deps.projections, app.deps.pool);
  const { STRIPE_API_URL, PAYPAL_API_URL } = app.deps.config;
  const payments: AppPayments = {
    providers: providersOf(db, sandboxDelivery(app), { stripe: stripeEndpointOf(STRIPE_API_URL), paypal: PAYPAL_API_URL, settingsOf }),
    onlineMethods: async () => providersOn(await settingsOf()),
    payees: (storeIds, now) => payeesCache.of(storeIds, now),
  };
  appPaymentsOf.set(app, payments);
  return payments;
}

export const appProviders = (app: FastifyInstance): ProviderOf => appPayments(app).providers;

/**
 * The providers as the background work runs them (refunds of cancelled orders): the sandbox's
 * signed webhooks are applied through the same verification and command as those the app
 * receives, without the HTTP hop a worker has no server for.
 */
export function backgroundProviders({ store, db, config }: ProcessDeps): ProviderOf {
  const providers: ProviderOf = providersOf(
    db,
    async (webhook) => {
      await receiveWebhook({ store, db, providers }, 'sandbox', webhook, systemContext());
    },
    { stripe: stripeEndpointOf(config.STRIPE_API_URL), paypal: config.PAYPAL_API_URL },
  );
  return providers;
}

/** Payments: the providers' webhooks, the sandbox's hosted page, the admin's list and settings. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const deliver = sandboxDelivery(app);
  const providers = appProviders(app);
  const deps = { ...app.deps, providers };

  // Signatures are over the body's exact bytes: in this scope alone JSON is kept as the text it came as.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: webhookBodyLimit }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...paymentsApi.webhook,
      handler: async (request) => {
        const body = typeof request.body === 'string' ? request.body : '';
        await request.settle(await receiveWebhook(deps, request.params.provider, { body, headers: request.headers }, commandContext(request)));
        return { received: true as const };
      },
    });
  });

  const payment = (id: string) => findOne<PaymentRecord>(db, paymentsResource, id);

  /** The payer's own sandbox payment (an admin may look too); anyone else is told it does not exist. */
  const sandboxPaymentOf = async (request: Parameters<typeof requireRole>[0], id: string): Promise<SandboxPayment> => {
    const user = requireRole(request, 'customer', 'shopkeeper', 'collaborator', 'admin');
    const record = await payment(id);
    if (record.paymentProvider !== 'sandbox' || (record.userId !== user.id && user.role !== 'admin')) throw new DomainError('Pagamento non trovato.', 'not-found');
    const { description, amount, currency, transactionType, status, failureReason } = record;
    return { id, description, amount, currency, transactionType, status, failureReason };
  };

  /**
   * The payer's choice on the sandbox's page, told to the app as a provider tells it: signed
   * webhooks, whose ids are the payment's and the choice's, so choosing again changes nothing.
   */
  const choose = async (request: Parameters<typeof requireRole>[0], id: string, events: SandboxEventType[], done: SandboxPayment['status']) => {
    const shown = await sandboxPaymentOf(request, id);
    if (shown.status === done) return shown;
    if (shown.status !== 'pending' && shown.status !== 'processing') {
      throw new DomainError(`Il pagamento è ${statusLabels[shown.status]}: non si può più scegliere.`, 'conflict');
    }
    const settings = await readPaymentSettings(db);
    if (!settings.sandboxEnabled || !settings.sandboxWebhookSecret) throw new DomainError(sandboxOff, 'rule');
    for (const type of events) {
      const reason = type === 'payment.failed' ? { reason: 'Pagamento rifiutato sulla pagina di prova.' } : {};
      await deliver(
        sandboxWebhook(
          settings.sandboxWebhookSecret,
          { id: `evt_${id}_${type}`, type, paymentId: id, providerTransactionId: sandboxTransactionId(id), ...reason },
          commandContext(request).now,
        ),
      );
    }
    return sandboxPaymentOf(request, id);
  };

  app.route({
    ...paymentsApi.methods,
    handler: async (request) => {
      requireRole(request, 'customer', 'shopkeeper', 'collaborator', 'admin');
      return { methods: [...providersOn(await readPaymentSettings(db))] };
    },
  });
  app.route({ ...paymentsApi.sandboxPayment, handler: async (request) => sandboxPaymentOf(request, request.params.id) });
  app.route({ ...paymentsApi.sandboxPay, handler: async (request) => choose(request, request.params.id, ['payment.processing', 'payment.succeeded'], 'completed') });
  app.route({ ...paymentsApi.sandboxRefuse, handler: async (request) => choose(request, request.params.id, ['payment.failed'], 'failed') });

  app.route({
    ...paymentsApi.list,
    handler: async (request, reply) => (await answerList(db, reply, paymentsResource, request.query)) as PaymentRecord[],
  });
  app.route({
    ...paymentsApi.export,
    handler: async (request, reply) => {
      const pages = everyRow<PaymentRecord>(db, paymentsResource, request.query);
      const csv = await paymentsCsv(pages);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="pagamenti-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  });
  app.route({ ...paymentsApi.get, handler: async (request) => payment(request.params.id) });
  app.route({
    ...paymentsApi.refund,
    handler: async (request) => {
      await payment(request.params.id);
      await request.settle(await refundPayment(deps, request.params.id, 'Rimborso deciso dall’amministrazione.', commandContext(request)));
      return payment(request.params.id);
    },
  });

  serveSettingsRecord(
    app,
    { get: paymentsApi.settings, update: paymentsApi.updateSettings },
    {
      read: async (): Promise<PaymentSettingsRecord> => {
        const { sandboxWebhookSecret: _secret, stripeSecretKey, stripeWebhookSecret, stripeConnectWebhookSecret, paypalClientSecret, ...settings } = await readPaymentSettings(db);
        return {
          id: 'current',
          ...settings,
          stripeSecretKey: maskSecret(stripeSecretKey),
          stripeSecretKeySet: stripeSecretKey !== null,
          stripeWebhookSecret: maskSecret(stripeWebhookSecret),
          stripeWebhookSecretSet: stripeWebhookSecret !== null,
          stripeConnectWebhookSecret: maskSecret(stripeConnectWebhookSecret),
          stripeConnectWebhookSecretSet: stripeConnectWebhookSecret !== null,
          paypalClientSecret: maskSecret(paypalClientSecret),
          paypalClientSecretSet: paypalClientSecret !== null,
        };
      },
      change: (form, context) => updatePaymentSettings(app.deps, form, context),
    },
  );
};
