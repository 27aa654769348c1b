import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { crc32 } from 'node:zlib';
import { bodyOf, listenOnLoopback } from './loopback.js';

/*
 * A loopback server speaking the part of PayPal's REST API the app uses (OAuth2 client
 * credentials, Orders v2 create/get/capture, Payments v2 refund of a capture, the webhooks'
 * signature verification, the partner referrals and merchant integrations of the shops' accounts; JSON bodies, PayPal-Request-Id replays answering the same object,
 * PayPal's error shape), for the official SDK pointed at it (PAYPAL_API_URL). It lives in the
 * tests only. The test plays the payer and PayPal's webhooks: `approved(order)` is the payer
 * approving on PayPal's page, `refunded(refund)` PayPal's word on a refund, and `signed(event)`
 * the event's body with the transmission headers PayPal would send: a signature (SHA256withRSA
 * over `transmissionId|time|webhookId|crc32(body)`, PayPal's own scheme) that this server's
 * verify-webhook-signature answers SUCCESS for only when it signed that very body for that
 * webhook id.
 */

type Json = Record<string, unknown>;

export interface PaypalOrder {
  id: string;
  intent: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'VOIDED' | 'COMPLETED';
  purchase_units: (Json & {
    custom_id?: string;
    reference_id?: string;
    description?: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: PaypalCapture[] };
  })[];
  payment_source: { paypal: { experience_context: Json } };
  links: { href: string; rel: string; method: string }[];
}

export interface PaypalCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED';
  amount: { currency_code: string; value: string };
  custom_id?: string;
  final_capture: boolean;
  supplementary_data: { related_ids: { order_id: string } };
  links: { href: string; rel: string; method: string }[];
}

export interface PaypalRefund {
  id: string;
  status: 'PENDING' | 'COMPLETED';
  amount: { currency_code: string; value: string };
  custom_id?: string;
  invoice_id?: string;
  links: { href: string; rel: string; method: string }[];
}

export interface PaypalWebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  event_type: string;
  summary: string;
  resource: Json;
}

/** A shop's PayPal account as PayPal's partner APIs tell it (its merchant integration). */
export interface PaypalMerchant {
  merchant_id: string;
  tracking_id: string;
  payments_receivable: boolean;
  primary_email_confirmed: boolean;
  oauth_integrations: { integration_type: string; integration_method: string; oauth_third_party: { partner_client_id: string; merchant_client_id: string; scopes: string[] }[] }[];
}

export interface PaypalPeer {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** The platform's own merchant id, under which the shops' merchant integrations are read. */
  partnerMerchantId: string;
  /** The partner referrals made: each shop's tracking id, its return URL and what it asked. */
  referrals: { tracking_id: string; return_url: string; body: Json }[];
  merchants: Map<string, PaypalMerchant>;
  /**
   * The shopkeeper completed PayPal's onboarding of the referral `trackingId` (granting the
   * platform's features unless told, e-mail confirmed unless told): the merchant id, and where
   * PayPal sends them back (the referral's return URL with PayPal's parameters).
   */
  onboard(trackingId: string, how?: { emailConfirmed?: boolean; granted?: boolean }): { merchantId: string; returnUrl: string };
  /** PayPal's MERCHANT.ONBOARDING.COMPLETED of a merchant (or MERCHANT.PARTNER-CONSENT.REVOKED: the shop withdrew its consent). */
  merchantOnboarded(merchantId: string): PaypalWebhookEvent;
  consentRevoked(merchantId: string): PaypalWebhookEvent;
  orders: Map<string, PaypalOrder>;
  refunds: PaypalRefund[];
  /** How the next captures end: COMPLETED unless told (PENDING: PayPal holds the money for review). */
  captureStatus: PaypalCapture['status'];
  /** PayPal forgets the PayPal-Request-Ids it saw (its window for them passed). */
  forgetRequestIds(): void;
  /** Every request: method, path, its PayPal-Request-Id, its Authorization, its PayPal-Auth-Assertion and its JSON body. */
  requests: { method: string; path: string; requestId: string | null; authorization: string | null; authAssertion?: string | null; body: Json | null }[];
  /** The payer approved the order on PayPal's page: its CHECKOUT.ORDER.APPROVED event. */
  approved(orderId: string): PaypalWebhookEvent;
  voided(orderId: string): PaypalWebhookEvent;
  /** The event of the order's capture, once the app captured it: completed, or denied. */
  captureCompleted(orderId: string): PaypalWebhookEvent;
  captureDenied(orderId: string): PaypalWebhookEvent;
  /** PayPal finished the refund: its PAYMENT.CAPTURE.REFUNDED event. */
  refunded(refundId: string): PaypalWebhookEvent;
  /** The event's body and headers as PayPal posts it to the webhook `webhookId` (this peer's, unless told). */
  signed(event: PaypalWebhookEvent, webhookId?: string): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const upper = () => randomBytes(9).toString('hex').toUpperCase();

/** PayPal's error body: a name, a message, a debug id and the issues. */
const failure = (status: number, name: string, message: string, issue?: string): { status: number; body: Json } => ({
  status,
  body: { name, message, debug_id: randomBytes(6).toString('hex'), ...(issue ? { details: [{ issue, description: message }] } : {}) },
});

export async function startPaypalPeer(): Promise<PaypalPeer> {
  const clientId = `client-${upper()}`;
  const clientSecret = `secret-${upper()}`;
  const webhookId = `${upper().slice(0, 17)}`;
  const partnerMerchantId = upper().slice(0, 13);
  const referrals: PaypalPeer['referrals'] = [];
  const merchants = new Map<string, PaypalMerchant>();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const tokens = new Set<string>();
  const orders = new Map<string, PaypalOrder>();
  const captures = new Map<string, PaypalCapture>();
  const refunds: PaypalRefund[] = [];
  const requests: PaypalPeer['requests'] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  /** The transmissions this peer signed: their id → the signed string's parts. */
  const transmissions = new Map<string, { time: string; sig: string }>();
  let url = '';
  let captureStatus: PaypalCapture['status'] = 'COMPLETED';

  const link = (path: string, rel: string, method = 'GET') => ({ href: `${url}${path}`, rel, method });
  const event = (event_type: string, resource_type: string, resource: object): PaypalWebhookEvent => ({
    id: `WH-${upper()}`,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type,
    event_type,
    summary: event_type,
    resource: structuredClone(resource) as Json,
  });
  const signedString = (transmissionId: string, time: string, hookId: string, body: string) => `${transmissionId}|${time}|${hookId}|${crc32(body)}`;

  function handle(method: string, path: string, body: Json | null, prefer: string, query = new URLSearchParams()): { status: number; body: unknown } {
    const minimal = prefer.includes('return=minimal');
    const integrations = /^\/v1\/customer\/partners\/([^/]+)\/merchant-integrations(?:\/([^/]+))?$/.exec(path);
    if (method === 'POST' && path === '/v2/customer/partner-referrals') {
      const trackingId = body?.tracking_id;
      const returnUrl = (body?.partner_config_override as Json | undefined)?.return_url;
      if (typeof trackingId !== 'string' || typeof returnUrl !== 'string' || !Array.isArray(body?.operations))
        return failure(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'MISSING_REQUIRED_PARAMETER');
      referrals.push({ tracking_id: trackingId, return_url: returnUrl, body: structuredClone(body) });
      const token = upper();
      return {
        status: 201,
        body: {
          links: [
            link(`/v2/customer/partner-referrals/${token}`, 'self'),
            { href: `https://www.paypal.test/bizsignup/partner/entry?referralToken=${token}`, rel: 'action_url', method: 'GET' },
          ],
        },
      };
    }
    if (method === 'GET' && integrations) {
      if (integrations[1] !== partnerMerchantId) return failure(403, 'NOT_AUTHORIZED', 'Authorization failed due to insufficient permissions.', 'PERMISSION_DENIED');
      if (integrations[2]) {
        const found = merchants.get(decodeURIComponent(integrations[2]));
        return found ? { status: 200, body: found } : failure(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
      }
      const found = [...merchants.values()].find((m) => m.tracking_id === query.get('tracking_id'));
      return found
        ? { status: 200, body: { merchant_id: found.merchant_id, tracking_id: found.tracking_id, links: [link(`${path}/${found.merchant_id}`, 'read')] } }
        : failure(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
    }
    const order = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(path);
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const units = (body?.purchase_units ?? []) as PaypalOrder['purchase_units'];
      if (body?.intent !== 'CAPTURE' || units.length !== 1 || !units[0]?.amount?.value)
        return failure(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'INVALID_PARAMETER_VALUE');
      const id = upper().slice(0, 17);
      const made: PaypalOrder = {
        id,
        intent: 'CAPTURE',
        status: 'PAYER_ACTION_REQUIRED',
        purchase_units: structuredClone(units),
        payment_source: body.payment_source as PaypalOrder['payment_source'],
        links: [link(`/v2/checkout/orders/${id}`, 'self'), { href: `https://www.paypal.test/checkoutnow?token=${id}`, rel: 'payer-action', method: 'GET' }],
      };
      orders.set(id, made);
      return { status: 200, body: minimal ? { id, status: made.status, links: made.links } : made };
    }
    if (method === 'GET' && order) {
      const found = orders.get(order[1]!);
      return found ? { status: 200, body: found } : failure(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
    }
    if (method === 'POST' && capture) {
      const found = orders.get(capture[1]!);
      if (!found) return failure(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
      if (found.status === 'COMPLETED')
        return failure(
          422,
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed, semantically incorrect, or failed business validation.',
          'ORDER_ALREADY_CAPTURED',
        );
      if (found.status !== 'APPROVED')
        return failure(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'ORDER_NOT_APPROVED');
      const unit = found.purchase_units[0]!;
      const id = upper().slice(0, 17);
      const made: PaypalCapture = {
        id,
        status: captureStatus,
        amount: { ...unit.amount },
        ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
        final_capture: true,
        supplementary_data: { related_ids: { order_id: found.id } },
        links: [link(`/v2/payments/captures/${id}`, 'self'), link(`/v2/payments/captures/${id}/refund`, 'refund', 'POST'), link(`/v2/checkout/orders/${found.id}`, 'up')],
      };
      captures.set(id, made);
      unit.payments = { captures: [made] };
      found.status = 'COMPLETED';
      return { status: 201, body: minimal ? { id: found.id, status: found.status, links: found.links } : found };
    }
    if (method === 'POST' && refund) {
      const captured = captures.get(refund[1]!);
      if (!captured) return failure(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID');
      const amount = (body?.amount as PaypalRefund['amount'] | undefined) ?? captured.amount;
      const refundedBefore = refunds
        .filter((r) => r.links.some((l) => l.rel === 'up' && l.href.endsWith(`/captures/${captured.id}`)))
        .reduce((sum, r) => sum + Math.round(Number(r.amount.value) * 100), 0);
      if (Math.round(Number(amount.value) * 100) + refundedBefore > Math.round(Number(captured.amount.value) * 100))
        return failure(
          422,
          'UNPROCESSABLE_ENTITY',
          'The requested action could not be performed, semantically incorrect, or failed business validation.',
          'REFUND_AMOUNT_EXCEEDED',
        );
      const id = upper().slice(0, 17);
      const made: PaypalRefund = {
        id,
        status: 'PENDING',
        amount,
        ...(typeof body?.custom_id === 'string' ? { custom_id: body.custom_id } : {}),
        ...(typeof body?.invoice_id === 'string' ? { invoice_id: body.invoice_id } : {}),
        links: [link(`/v2/payments/refunds/${id}`, 'self'), link(`/v2/payments/captures/${captured.id}`, 'up')],
      };
      refunds.push(made);
      return { status: 201, body: minimal ? { id, status: made.status, links: made.links } : made };
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
      if (fields.some((f) => typeof body?.[f] !== 'string') || typeof body?.webhook_event !== 'object')
        return failure(400, 'VALIDATION_ERROR', 'Invalid request - see details', 'MISSING_REQUIRED_PARAMETER');
      const given = body as Record<(typeof fields)[number], string> & { webhook_event: object };
      const issued = transmissions.get(given.transmission_id);
      const verifier = createVerify('RSA-SHA256').update(signedString(given.transmission_id, given.transmission_time, given.webhook_id, JSON.stringify(given.webhook_event)));
      const genuine =
        issued !== undefined &&
        issued.time === given.transmission_time &&
        issued.sig === given.transmission_sig &&
        given.auth_algo === 'SHA256withRSA' &&
        given.cert_url === `${url}/v1/notifications/certs/CERT-vicino` &&
        verifier.verify(publicKey, given.transmission_sig, 'base64');
      return { status: 200, body: { verification_status: genuine ? 'SUCCESS' : 'FAILURE' } };
    }
    return failure(404, 'NOT_FOUND', `Unrecognized request (${method} ${path}).`);
  }

  const server: Server = createServer(async (request, response) => {
    const text = await bodyOf(request);
    const [path = '', search = ''] = (request.url ?? '').split('?');
    const requestId = (request.headers['paypal-request-id'] as string | undefined) ?? null;
    const authorization = request.headers.authorization ?? null;
    let body: Json | null = null;
    const answer = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': randomBytes(6).toString('hex') });
      response.end(JSON.stringify(value));
    };
    if (path === '/v1/oauth2/token') {
      requests.push({ method: request.method!, path, requestId, authorization, body: null });
      const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (authorization !== basic || new URLSearchParams(text).get('grant_type') !== 'client_credentials') {
        return answer(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      }
      const token = `A21AA${upper()}`;
      tokens.add(token);
      return answer(200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-VICINO',
        expires_in: 32400,
        nonce: upper(),
      });
    }
    try {
      body = text ? (JSON.parse(text) as Json) : null;
    } catch {
      return answer(400, failure(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'MALFORMED_REQUEST_JSON').body);
    }
    requests.push({ method: request.method!, path, requestId, authorization, authAssertion: (request.headers['paypal-auth-assertion'] as string | undefined) ?? null, body });
    if (!authorization?.startsWith('Bearer ') || !tokens.has(authorization.slice(7))) {
      return answer(401, failure(401, 'AUTHENTICATION_FAILURE', 'Authentication failed due to invalid authentication credentials or a missing Authorization header.').body);
    }
    // PayPal answers a PayPal-Request-Id it already saw with the object it made then, without doing it again.
    const replayKey = requestId ? `${request.method} ${path} ${requestId}` : null;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    const result = replay ?? handle(request.method!, path, body, String(request.headers.prefer ?? ''), new URLSearchParams(search));
    if (replayKey && !replay && result.status < 300) replays.set(replayKey, result);
    answer(result.status, result.body);
  });
  url = `http://127.0.0.1:${await listenOnLoopback(server)}`;

  const captureOf = (orderId: string) => orders.get(orderId)!.purchase_units[0]!.payments!.captures[0]!;

  return {
    url,
    clientId,
    clientSecret,
    webhookId,
    partnerMerchantId,
    referrals,
    merchants,
    onboard(trackingId, { emailConfirmed = true, granted = true } = {}) {
      const referral = referrals.findLast((r) => r.tracking_id === trackingId)!;
      const merchantId = [...merchants.values()].find((m) => m.tracking_id === trackingId)?.merchant_id ?? upper().slice(0, 13);
      merchants.set(merchantId, {
        merchant_id: merchantId,
        tracking_id: trackingId,
        payments_receivable: true,
        primary_email_confirmed: emailConfirmed,
        oauth_integrations: granted
          ? [
              {
                integration_type: 'OAUTH_THIRDPARTY',
                integration_method: 'PAYPAL',
                oauth_third_party: [
                  { partner_client_id: clientId, merchant_client_id: `client-${merchantId}`, scopes: ['https://uri.paypal.com/services/payments/realtimepayment'] },
                ],
              },
            ]
          : [],
      });
      const back = new URL(referral.return_url);
      back.searchParams.set('merchantId', trackingId);
      back.searchParams.set('merchantIdInPayPal', merchantId);
      back.searchParams.set('permissionsGranted', String(granted));
      back.searchParams.set('isEmailConfirmed', String(emailConfirmed));
      return { merchantId, returnUrl: back.toString() };
    },
    merchantOnboarded(merchantId) {
      const m = merchants.get(merchantId)!;
      return event('MERCHANT.ONBOARDING.COMPLETED', 'merchant-onboarding', { merchant_id: m.merchant_id, tracking_id: m.tracking_id, partner_client_id: clientId });
    },
    consentRevoked(merchantId) {
      const m = merchants.get(merchantId)!;
      Object.assign(m, { oauth_integrations: [], payments_receivable: false });
      return event('MERCHANT.PARTNER-CONSENT.REVOKED', 'partner-consent', { merchant_id: m.merchant_id, tracking_id: m.tracking_id });
    },
    orders,
    refunds,
    requests,
    get captureStatus() {
      return captureStatus;
    },
    set captureStatus(status) {
      captureStatus = status;
    },
    forgetRequestIds: () => replays.clear(),
    approved(orderId) {
      const order = orders.get(orderId)!;
      order.status = 'APPROVED';
      return event('CHECKOUT.ORDER.APPROVED', 'checkout-order', order);
    },
    voided(orderId) {
      const order = orders.get(orderId)!;
      order.status = 'VOIDED';
      return event('CHECKOUT.ORDER.VOIDED', 'checkout-order', order);
    },
    captureCompleted(orderId) {
      const capture = captureOf(orderId);
      capture.status = 'COMPLETED';
      return event('PAYMENT.CAPTURE.COMPLETED', 'capture', capture);
    },
    captureDenied(orderId) {
      const capture = captureOf(orderId);
      capture.status = 'DECLINED';
      return event('PAYMENT.CAPTURE.DENIED', 'capture', capture);
    },
    refunded(refundId) {
      const refund = refunds.find((r) => r.id === refundId)!;
      refund.status = 'COMPLETED';
      return event('PAYMENT.CAPTURE.REFUNDED', 'refund', refund);
    },
    signed(paypalEvent, hookId = webhookId) {
      const body = JSON.stringify(paypalEvent);
      const transmissionId = randomBytes(16).toString('hex');
      const time = new Date().toISOString();
      const sig = createSign('RSA-SHA256')
        .update(signedString(transmissionId, time, hookId, body))
        .sign(privateKey, 'base64');
      transmissions.set(transmissionId, { time, sig });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': sig,
          'paypal-cert-url': `${url}/v1/notifications/certs/CERT-vicino`,
          'paypal-auth-algo': 'SHA256withRSA',
        },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
