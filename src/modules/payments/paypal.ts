import {
  ApiError,
  CaptureStatus,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  type OAuthToken,
} from '@paypal/paypal-server-sdk';
import { z } from 'zod';
import { DomainError } from '../../platform/domain/errors.js';
import type { Cents } from '../../platform/domain/money.js';
import type { ProviderOutcome } from './payment.js';
import type { AccountSeen, PaymentProvider, ProviderEvent } from './providers.js';
import type { AccountHolderKind } from './payment-account.js';
import type { PaypalMode } from './settings.js';

/*
 * PayPal through its official SDK: a payment is an Orders v2 order (intent CAPTURE) whose
 * approval link is PayPal's hosted page. Approving does not move the money: the order is captured
 * when PayPal's CHECKOUT.ORDER.APPROVED webhook says the payer approved it, with the capture's own
 * PayPal-Request-Id, so a webhook delivered again captures once. Webhooks are verified as PayPal
 * prescribes, by asking PayPal (POST /v1/notifications/verify-webhook-signature, which the SDK
 * lacks: called with fetch and the SDK's OAuth2 token). Our payment's id travels as the purchase
 * unit's custom_id, which PayPal copies onto the capture, and as the refund's custom_id, so every
 * event names it.
 */

export interface PaypalKeys {
  clientId: string;
  clientSecret: string | null;
  webhookId: string;
  mode: PaypalMode;
  /** The platform's own PayPal merchant id (the partner's): the shops' merchant integrations are read under it. */
  partnerMerchantId?: string;
}

const noPartnerId = 'Per collegare i conti PayPal dei negozi serve l’ID commerciante PayPal della piattaforma nelle impostazioni dei pagamenti.';

/** The referral's tracking id: whose the merchant is (`store-<uuid>`), as PayPal carries it back. */
const trackingIdOf = (holder: { kind: AccountHolderKind; id: string }): string => `${holder.kind}-${holder.id}`;
function holderOfTracking(trackingId: unknown): { kind: AccountHolderKind; id: string } | null {
  const found = typeof trackingId === 'string' ? /^(store|collaborator)-([0-9a-f-]{36})$/.exec(trackingId) : null;
  return found ? { kind: found[1] as AccountHolderKind, id: found[2]! } : null;
}

/** The scopes a shop grants the platform on its PayPal account: take payments for it, refund them, keep the platform's fee. */
const partnerFeatures = ['PAYMENT', 'REFUND', 'PARTNER_FEE'] as const;

/**
 * A merchant integration as PayPal answers it (GET …/merchant-integrations/{merchant_id}): what
 * the shop's PayPal account can do for the platform, as an account's news. It takes payments once
 * PayPal says it can receive them, its e-mail is confirmed and it granted the platform's features.
 */
function merchantSeen(integration: Record<string, unknown>, observedAt: Date): AccountSeen | null {
  const merchantId = text(integration.merchant_id);
  if (!merchantId) return null;
  const receivable = integration.payments_receivable === true;
  const confirmed = integration.primary_email_confirmed === true;
  const granted = (Array.isArray(integration.oauth_integrations) ? integration.oauth_integrations : []).some((o) =>
    (Array.isArray(field(o, 'oauth_third_party')) ? (field(o, 'oauth_third_party') as unknown[]) : []).some(
      (t) => Array.isArray(field(t, 'scopes')) && (field(t, 'scopes') as unknown[]).length > 0,
    ),
  );
  const missing = [...(confirmed ? [] : ['paypal.primary_email_confirmed']), ...(receivable ? [] : ['paypal.payments_receivable']), ...(granted ? [] : ['paypal.permissions'])];
  const enabled = missing.length === 0;
  return {
    accountId: merchantId,
    holder: holderOfTracking(integration.tracking_id),
    chargesEnabled: enabled,
    // The shop's money stays in its own PayPal balance, which PayPal pays to its bank.
    payoutsEnabled: enabled,
    detailsSubmitted: granted,
    missing,
    pendingVerification: [],
    disabledReason: null,
    observedAt: observedAt.toISOString(),
  };
}

/**
 * PayPal-Auth-Assertion: the platform acting on the merchant's own account (a refund from the
 * shop's balance), an unsigned JWT naming the platform's client id and the merchant, as PayPal
 * prescribes.
 */
export const authAssertionFor = (clientId: string, merchantId: string): string =>
  `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify({ iss: clientId, payer_id: merchantId })).toString('base64url')}.`;

export const paypalNotConfigured = 'Il pagamento con PayPal non è configurato: servono il client ID, il segreto e l’ID del webhook nelle impostazioni dei pagamenti.';
const badSignature = 'Firma del webhook non valida.';

/** PayPal's REST API for each mode; PAYPAL_API_URL, when set, takes their place. */
const apiOrigins: Record<PaypalMode, string> = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' };

/** The headers PayPal signs a webhook with; every one is needed to verify it. */
const transmissionHeaders = {
  transmission_id: 'paypal-transmission-id',
  transmission_time: 'paypal-transmission-time',
  transmission_sig: 'paypal-transmission-sig',
  cert_url: 'paypal-cert-url',
  auth_algo: 'paypal-auth-algo',
} as const;

/** 1234 cents → "12.34", PayPal's amount: a string with the currency's two decimals. */
export const paypalAmount = (cents: Cents): string => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** PayPal's amount ("12.34") in cents, or null when it is not one. */
export function paypalCents(value: unknown): Cents | null {
  if (typeof value !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * `fetch`, sending what the SDK asks of PayPal to the same path and query at `origin`: the SDK
 * knows only PayPal's two hosts, and takes a fetch of ours through axios' fetch adapter.
 */
function addressedTo(origin: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const { pathname, search } = new URL(request.url);
    return fetch(new Request(new URL(pathname + search, origin), request));
  };
}

/** The SDK's client and controllers for one set of keys, with the OAuth2 token it keeps until it expires. */
interface PaypalApi {
  orders: OrdersController;
  payments: PaymentsController;
  origin: string;
  accessToken(): Promise<string>;
}

function paypalApi(keys: PaypalKeys & { clientSecret: string }, apiUrl: string | undefined): PaypalApi {
  const origin = apiUrl ? new URL(apiUrl).origin : apiOrigins[keys.mode];
  let token: OAuthToken | undefined;
  const client = new Client({
    environment: keys.mode === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    clientCredentialsAuthCredentials: {
      oAuthClientId: keys.clientId,
      oAuthClientSecret: keys.clientSecret,
      // One token for every call until it expires, the verification of webhooks included.
      oAuthTokenProvider: async (last, manager) => (token = await manager.updateToken(token ?? last)),
    },
    ...(apiUrl ? { unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: addressedTo(origin) } } } : {}),
  });
  return {
    orders: new OrdersController(client),
    payments: new PaymentsController(client),
    origin,
    async accessToken() {
      token = await client.clientCredentialsAuthManager.updateToken(token);
      return token.accessToken;
    },
  };
}

/**
 * The SDK's clients as the keys stand: made once for a set of keys (so its token is asked for
 * once, not for every payment and webhook), made again when the admin changes them.
 */
export function paypalClients(apiUrl?: string): (keys: PaypalKeys) => PaypalApi {
  let current: { key: string; api: PaypalApi } | undefined;
  return (keys) => {
    if (!keys.clientId || !keys.clientSecret || !keys.webhookId) throw new DomainError(paypalNotConfigured, 'rule');
    const key = JSON.stringify([keys.mode, keys.clientId, keys.clientSecret]);
    if (current?.key !== key) current = { key, api: paypalApi({ ...keys, clientSecret: keys.clientSecret }, apiUrl) };
    return current.api;
  };
}

const paypalEvent = z.object({
  id: z.string().min(1).max(200),
  event_type: z.string().max(200),
  resource: z.record(z.string(), z.unknown()),
});
type PaypalEvent = z.infer<typeof paypalEvent>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const field = (value: unknown, key: string): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);

/** Our payment's id: the custom_id of the capture or refund, or of the order's purchase unit. */
const paymentIdOf = (resource: Record<string, unknown>) => text(resource.custom_id) ?? text(field(field(resource.purchase_units, '0'), 'custom_id'));

/** The PayPal order: the resource itself for the order's events, named in a capture's supplementary data. */
const orderIdOf = ({ event_type, resource }: PaypalEvent) =>
  event_type.startsWith('CHECKOUT.ORDER.') ? text(resource.id) : text(field(field(resource.supplementary_data, 'related_ids'), 'order_id'));

const outcomes: Record<string, ProviderOutcome> = {
  'PAYMENT.CAPTURE.COMPLETED': 'succeeded',
  'PAYMENT.CAPTURE.DENIED': 'failed',
  'PAYMENT.CAPTURE.DECLINED': 'failed',
  'CHECKOUT.ORDER.VOIDED': 'failed',
  'PAYMENT.CAPTURE.REFUNDED': 'refunded',
};

const reasons: Record<string, string> = {
  'PAYMENT.CAPTURE.DENIED': 'PayPal ha rifiutato il pagamento.',
  'PAYMENT.CAPTURE.DECLINED': 'PayPal ha rifiutato il pagamento.',
  'CHECKOUT.ORDER.VOIDED': 'L’ordine PayPal è stato annullato senza pagamento.',
};

const alreadyCaptured = (error: unknown) =>
  error instanceof ApiError && error.statusCode === 422 && typeof error.body === 'string' && error.body.includes('ORDER_ALREADY_CAPTURED');

/** PayPal through its official SDK, with the keys of the settings; `api` makes (and keeps) the SDK's clients. */
export function paypalProvider(keys: PaypalKeys, api: (keys: PaypalKeys) => PaypalApi = paypalClients()): PaymentProvider {
  /** The payer approved the order: its money is taken now, once, whatever the webhook's deliveries. */
  async function capture(orderId: string, paymentId: string | null): Promise<ProviderOutcome> {
    try {
      const { result } = await api(keys).orders.captureOrder({ id: orderId, paypalRequestId: `capture-${paymentId ?? orderId}`, prefer: 'return=representation' });
      const captured = result.purchaseUnits?.[0]?.payments?.captures?.[0];
      return captured?.status === CaptureStatus.Completed ? 'succeeded' : 'processing';
    } catch (error) {
      // Captured already (by an earlier delivery whose key PayPal no longer remembers): the
      // capture's own webhook says how it went.
      if (alreadyCaptured(error)) return 'processing';
      throw error;
    }
  }

  /** PayPal's word on the webhook: SUCCESS only for the headers it signed this body with, for our webhook. */
  async function verified({ origin, accessToken }: PaypalApi, body: string, headers: Record<string, string | string[] | undefined>): Promise<boolean> {
    const signature: Record<string, string> = {};
    for (const [name, header] of Object.entries(transmissionHeaders)) {
      const value = headers[header];
      if (typeof value !== 'string' || value === '') return false;
      signature[name] = value;
    }
    // The event as it came, byte for byte, not parsed and written again: the signature is over it.
    const request = `${JSON.stringify({ ...signature, webhook_id: keys.webhookId }).slice(0, -1)},"webhook_event":${body}}`;
    const answer = await fetch(new URL('/v1/notifications/verify-webhook-signature', origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await accessToken()}` },
      body: request,
      signal: AbortSignal.timeout(20_000),
    });
    // A request PayPal finds malformed (a forged cert URL, an unknown algorithm) verifies nothing.
    if (answer.status === 400 || answer.status === 422) return false;
    if (!answer.ok) throw new Error(`PayPal's webhook verification answered ${answer.status}: ${await answer.text()}`);
    return field(await answer.json(), 'verification_status') === 'SUCCESS';
  }

  /** A call of PayPal's partner APIs (which the SDK lacks), with the SDK's OAuth2 token; null for a 404. */
  async function partnerCall(method: 'GET' | 'POST', path: string, body?: object): Promise<Record<string, unknown> | null> {
    const { origin, accessToken } = api(keys);
    const answer = await fetch(new URL(path, origin), {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await accessToken()}` },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(20_000),
    });
    if (answer.status === 404) return null;
    if (!answer.ok) throw new Error(`PayPal's ${method} ${path} answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as Record<string, unknown>;
  }
  const partnerId = (): string => {
    if (!keys.partnerMerchantId) throw new DomainError(noPartnerId, 'rule');
    return encodeURIComponent(keys.partnerMerchantId);
  };
  /** The shop's merchant integration, as PayPal says it now. */
  async function readMerchant(merchantId: string): Promise<AccountSeen | null> {
    const integration = await partnerCall('GET', `/v1/customer/partners/${partnerId()}/merchant-integrations/${encodeURIComponent(merchantId)}`);
    return integration ? merchantSeen(integration, new Date()) : null;
  }

  return {
    name: 'paypal',
    /**
     * The shops' own PayPal accounts, through PayPal's partner referrals: the shopkeeper is sent to
     * PayPal's onboarding (the referral's tracking id names the shop), grants the platform the
     * features to take payments for it, and is sent back; the merchant id is then found by the
     * tracking id, and the account's state read from its merchant integration (or its webhook).
     */
    accounts: {
      async onboardingLink({ holderKind, holderId, email, returnUrl }) {
        partnerId();
        const referral = await partnerCall('POST', '/v2/customer/partner-referrals', {
          tracking_id: trackingIdOf({ kind: holderKind, id: holderId }),
          ...(email ? { email } : {}),
          preferred_language_code: 'it-IT',
          partner_config_override: { return_url: returnUrl },
          operations: [
            {
              operation: 'API_INTEGRATION',
              api_integration_preference: {
                rest_api_integration: { integration_method: 'PAYPAL', integration_type: 'THIRD_PARTY', third_party_details: { features: partnerFeatures } },
              },
            },
          ],
          products: ['EXPRESS_CHECKOUT'],
          legal_consents: [{ type: 'SHARE_DATA_CONSENT', granted: true }],
        });
        const links = Array.isArray(referral?.links) ? (referral.links as unknown[]) : [];
        const action = links.find((l) => field(l, 'rel') === 'action_url');
        const url = text(field(action, 'href'));
        if (!url) throw new Error('PayPal answered a partner referral without its action_url');
        return { url };
      },
      async findAccount(holder) {
        const found = await partnerCall('GET', `/v1/customer/partners/${partnerId()}/merchant-integrations?tracking_id=${encodeURIComponent(trackingIdOf(holder))}`);
        const merchantId = text(found?.merchant_id);
        return merchantId ? readMerchant(merchantId) : null;
      },
      readAccount: (merchantId) => readMerchant(merchantId),
      // PayPal keeps the shop's balance in the shop's own account, which the platform does not read.
      readBalance: async () => null,
      async transfer() {
        throw new DomainError('PayPal non trasferisce i compensi ai collaboratori: usa Stripe o i pagamenti di prova.', 'rule');
      },
    },
    async createPayment({ paymentId, amountCents, currency, description, returnUrl, cancelUrl, idempotencyKey, payee }) {
      const { result: order } = await api(keys).orders.createOrder({
        paypalRequestId: idempotencyKey,
        prefer: 'return=minimal',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: paymentId,
              customId: paymentId,
              description: description.slice(0, 127),
              amount: { currencyCode: currency, value: paypalAmount(amountCents) },
              // The shop's own PayPal account is paid (the payee), the platform's fee taken on the way.
              ...(payee
                ? {
                    payee: { merchantId: payee.accountId },
                    ...(payee.feeCents > 0 ? { paymentInstruction: { platformFees: [{ amount: { currencyCode: currency, value: paypalAmount(payee.feeCents) } }] } } : {}),
                  }
                : {}),
            },
          ],
          paymentSource: {
            paypal: { experienceContext: { brandName: 'Vicino', locale: 'it-IT', userAction: PaypalExperienceUserAction.PayNow, returnUrl, cancelUrl } },
          },
        },
      });
      const link = order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve');
      if (!order.id || !link) throw new Error(`PayPal answered an order without an approval link (${order.id ?? 'no id'})`);
      return { providerTransactionId: order.id, paymentUrl: link.href };
    },
    async refund({ paymentId, providerTransactionId, amountCents, currency, idempotencyKey, payee }) {
      const { orders, payments } = api(keys);
      const { result: order } = await orders.getOrder({ id: providerTransactionId });
      const captureId = order.purchaseUnits?.[0]?.payments?.captures?.[0]?.id;
      if (!captureId) throw new DomainError('Questo pagamento PayPal non risulta incassato: non c’è nulla da rimborsare.', 'conflict');
      const { result: refund } = await payments.refundCapturedPayment({
        captureId,
        paypalRequestId: idempotencyKey,
        prefer: 'return=minimal',
        // Paid to a shop: refunded from the shop's own balance, the platform's fee given back in proportion.
        ...(payee ? { paypalAuthAssertion: authAssertionFor(keys.clientId, payee.accountId) } : {}),
        // The refund's key as its invoice_id: PayPal's refund webhook carries it back, naming the refund.
        body: {
          amount: { currencyCode: currency, value: paypalAmount(amountCents) },
          customId: paymentId,
          invoiceId: idempotencyKey.slice(0, 127),
          ...(payee && payee.feeCents > 0 ? { paymentInstruction: { platformFees: [{ amount: { currencyCode: currency, value: paypalAmount(payee.feeCents) } }] } } : {}),
        },
      });
      if (!refund.id) throw new Error(`PayPal answered a refund without an id (capture ${captureId})`);
      return { providerRefundId: refund.id };
    },
    async parseWebhook({ body, headers }): Promise<ProviderEvent> {
      const paypal = api(keys);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new DomainError(badSignature, 'invalid');
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || !(await verified(paypal, body, headers))) throw new DomainError(badSignature, 'invalid');
      const read = paypalEvent.safeParse(parsed);
      if (!read.success) throw new DomainError('Webhook non valido: evento incompleto.', 'invalid');
      const event = read.data;
      const paymentId = paymentIdOf(event.resource);
      const orderId = orderIdOf(event);
      let outcome = outcomes[event.event_type] ?? null;
      // A shop's PayPal account: onboarded (its merchant integration read now), or its consent revoked.
      if (event.event_type === 'MERCHANT.ONBOARDING.COMPLETED' || event.event_type === 'MERCHANT.PARTNER-CONSENT.REVOKED') {
        const merchantId = text(event.resource.merchant_id);
        const seen = merchantId ? await readMerchant(merchantId) : null;
        const account = seen && { ...seen, holder: seen.holder ?? holderOfTracking(event.resource.tracking_id) };
        return { eventId: event.id, paymentId: null, providerTransactionId: null, outcome: null, ...(account ? { account } : {}) };
      }
      if (event.event_type === 'CHECKOUT.ORDER.APPROVED' && orderId) outcome = await capture(orderId, paymentId);
      return {
        eventId: event.id,
        paymentId,
        providerTransactionId: orderId,
        outcome,
        ...(reasons[event.event_type] ? { reason: reasons[event.event_type] } : {}),
        ...(event.event_type === 'PAYMENT.CAPTURE.REFUNDED'
          ? { refund: { refundKey: text(event.resource.invoice_id), providerRefundId: text(event.resource.id), amountCents: paypalCents(field(event.resource.amount, 'value')) } }
          : {}),
      };
    },
  };
}
