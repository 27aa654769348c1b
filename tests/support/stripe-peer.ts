import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { bodyOf, listenOnLoopback } from './loopback.js';

/*
 * A loopback server speaking the part of Stripe's HTTP API the app uses (Checkout Sessions and
 * Refunds, form-encoded bodies, Idempotency-Key replays, Stripe's error shape), for the official
 * SDK pointed at it (STRIPE_API_URL); Connect's accounts, account links, balances and transfers too. It lives in the tests only. The test plays the payer and
 * Stripe's webhooks: `paid(session)` and `refundSucceeded(refund)` give the events Stripe would
 * post, and `signed(event)` their body with the Stripe-Signature header of the endpoint's secret
 * (the SDK's own generateTestHeaderString).
 */

export interface StripeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  line_items_name: string;
  /** A destination charge: the connected account paid, and the platform's application fee (Connect). */
  payment_intent_data: { transfer_data?: { destination: string }; application_fee_amount?: number; on_behalf_of?: string };
}

/** A connected account (Connect, Express): what it can do, as Stripe answers it. */
export interface StripeAccount {
  id: string;
  object: 'account';
  type: string;
  country: string;
  email: string | null;
  business_profile: { name: string | null };
  metadata: Record<string, string>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: { currently_due: string[]; past_due: string[]; eventually_due: string[]; pending_verification: string[]; disabled_reason: string | null };
}

export interface StripeRefund {
  id: string;
  object: 'refund';
  status: 'pending' | 'succeeded';
  amount: number;
  payment_intent: string;
  metadata: Record<string, string>;
  /** A destination charge's refund: the transfer and the application fee given back in proportion. */
  reverse_transfer: boolean;
  refund_application_fee: boolean;
}

/** A transfer from the platform's balance to a connected account (a collaborator's compensation). */
export interface StripeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  description: string | null;
  transfer_group: string | null;
  metadata: Record<string, string>;
}

export interface StripePeer {
  url: string;
  /** The transfers made (each once, however often its key was sent). */
  transfers: StripeTransfer[];
  /** What the platform's own balance can transfer (cents): more is refused with `balance_insufficient`. */
  platform: { available: number };
  webhookSecret: string;
  sessions: Map<string, StripeSession>;
  refunds: StripeRefund[];
  accounts: Map<string, StripeAccount>;
  /** The account links made, by account: where Stripe's hosted onboarding would send the shopkeeper back. */
  accountLinks: { account: string; url: string; return_url: string; refresh_url: string }[];
  /** The shopkeeper filled in Stripe's onboarding form: details submitted, then (verified) charges and payouts on. */
  onboarded(accountId: string, verified?: boolean): Stripe.Event;
  /** The payer's bank disputes the session's payment: charge.dispute.created (`amount` cents, all of it unless told). */
  disputed(sessionId: string, amount?: number): Stripe.Event;
  /** The bank decided the dispute: charge.dispute.closed, `won` or `lost`. */
  disputeClosed(disputeId: string, status: 'won' | 'lost'): Stripe.Event;
  /** The account as it stands now, as an account.updated event (`created` at `at`, seconds). */
  accountUpdated(accountId: string, changes?: Partial<StripeAccount>, at?: number): Stripe.Event;
  /**
   * Stripe paid the connected account's balance out to its bank (payout.paid), or the bank refused
   * it (payout.failed, with Stripe's failure code): a Connect event, naming the account. The same
   * `payoutId` again is the same payout.
   */
  payout(accountId: string, amount: number, status: 'paid' | 'failed', payoutId?: string): Stripe.Event;
  /** Every request: method, path, its Idempotency-Key and the secret key it came with. */
  requests: { method: string; path: string; idempotencyKey: string | null; authorization: string | null }[];
  /** The payer paid on Stripe's page: the session's completion event. */
  paid(sessionId: string): Stripe.Event;
  expired(sessionId: string): Stripe.Event;
  refundSucceeded(refundId: string): Stripe.Event;
  /** The event's body and headers as Stripe posts it, signed with `secret` (the endpoint's, unless told). */
  signed(event: Stripe.Event, secret?: string): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** A form-encoded body as Stripe reads it: `a[b][0][c]=1` → { a: { b: { 0: { c: '1' } } } }. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    for (const [i, part] of path.entries()) {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    }
  }
  return root;
}

export async function startStripePeer(): Promise<StripePeer> {
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, StripeSession>();
  const refunds: StripeRefund[] = [];
  const accounts = new Map<string, StripeAccount>();
  const accountLinks: StripePeer['accountLinks'] = [];
  const disputes = new Map<string, { id: string; status: string } & Record<string, unknown>>();
  const requests: StripePeer['requests'] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  const transfers: StripeTransfer[] = [];
  const platform = { available: 10_000_000 };

  const event = (type: string, object: object): Stripe.Event =>
    ({
      id: id('evt'),
      object: 'event',
      type,
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: null,
      data: { object },
    }) as unknown as Stripe.Event;

  /** The payouts reported of each account: paid, or failed (a paid one that failed gives its money back). */
  const payouts = new Map<string, { account: string; amount: number; status: 'paid' | 'failed' }>();

  /**
   * A connected account's balance as Stripe keeps it for destination charges: each paid charge to it
   * less the application fee, each refund that reversed its transfer less the fee's share given
   * back (in proportion, rounded), each payout paid. All of it available (no payout delay here).
   */
  function balanceOf(account: string): number {
    let cents = 0;
    for (const s of sessions.values()) {
      if (s.payment_status !== 'paid' || s.payment_intent_data.transfer_data?.destination !== account) continue;
      const fee = s.payment_intent_data.application_fee_amount ?? 0;
      cents += s.amount_total - fee;
      for (const r of refunds.filter((r) => r.payment_intent === s.payment_intent && r.reverse_transfer)) {
        cents -= r.amount - (r.refund_application_fee ? Math.round((fee * r.amount) / s.amount_total) : 0);
      }
    }
    for (const p of payouts.values()) if (p.account === account && p.status === 'paid') cents -= p.amount;
    for (const t of transfers) if (t.destination === account) cents += t.amount;
    return cents;
  }

  function handle(method: string, path: string, form: Record<string, unknown>, stripeAccount: string | null = null): { status: number; body: unknown } {
    if (method === 'GET' && path === '/v1/balance') {
      if (stripeAccount && !accounts.has(stripeAccount)) {
        return { status: 403, body: { error: { type: 'invalid_request_error', message: `The provided key does not have access to account '${stripeAccount}'` } } };
      }
      const amount = stripeAccount ? balanceOf(stripeAccount) : 0;
      return {
        status: 200,
        body: {
          object: 'balance',
          livemode: false,
          available: [{ amount, currency: 'eur', source_types: { card: amount } }],
          pending: [{ amount: 0, currency: 'eur', source_types: { card: 0 } }],
        },
      };
    }
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const item = (form.line_items as Record<string, Record<string, Record<string, unknown>>>)['0'] ?? {};
      const price = item.price_data as Record<string, unknown> & { product_data: { name: string } };
      const made: StripeSession = {
        id: id('cs'),
        object: 'checkout.session',
        url: '',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(price.unit_amount) * Number(item.quantity ?? 1),
        currency: String(price.currency),
        client_reference_id: (form.client_reference_id as string) ?? null,
        metadata: (form.metadata as Record<string, string>) ?? {},
        payment_intent: null,
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url),
        line_items_name: price.product_data.name,
        payment_intent_data: (() => {
          const data = (form.payment_intent_data ?? {}) as { transfer_data?: unknown; application_fee_amount?: string; on_behalf_of?: string };
          const transfer = data.transfer_data as { destination?: string } | undefined;
          return {
            ...(transfer?.destination ? { transfer_data: { destination: transfer.destination } } : {}),
            ...(data.application_fee_amount !== undefined ? { application_fee_amount: Number(data.application_fee_amount) } : {}),
            ...(data.on_behalf_of ? { on_behalf_of: data.on_behalf_of } : {}),
          };
        })(),
      };
      // Connect refuses a fee on a charge that goes to nobody, and a destination it does not know.
      const destination = made.payment_intent_data.transfer_data?.destination;
      if (destination && !accounts.has(destination)) {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such destination: '${destination}'` } } };
      }
      made.url = `https://checkout.stripe.test/c/pay/${made.id}`;
      sessions.set(made.id, made);
      return { status: 200, body: made };
    }
    if (method === 'GET' && session) {
      const found = sessions.get(session[1]!);
      return found
        ? { status: 200, body: found }
        : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${session[1]}'` } } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const paymentIntent = String(form.payment_intent);
      if (![...sessions.values()].some((s) => s.payment_intent === paymentIntent)) {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${paymentIntent}'` } } };
      }
      // Stripe refuses refunds past what was paid: amount > charge's amount less what was refunded.
      const paid = [...sessions.values()].find((s) => s.payment_intent === paymentIntent)!.amount_total;
      const refundedBefore = refunds.filter((r) => r.payment_intent === paymentIntent).reduce((sum, r) => sum + r.amount, 0);
      if (Number(form.amount ?? paid - refundedBefore) + refundedBefore > paid) {
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Refund amount is greater than unrefunded amount on charge.' } },
        };
      }
      const refund: StripeRefund = {
        id: id('re'),
        object: 'refund',
        status: 'pending',
        amount: Number(form.amount),
        payment_intent: paymentIntent,
        metadata: (form.metadata as Record<string, string>) ?? {},
        reverse_transfer: form.reverse_transfer === 'true',
        refund_application_fee: form.refund_application_fee === 'true',
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && intent) {
      const paidBy = [...sessions.values()].find((s) => s.payment_intent === intent[1]);
      return paidBy
        ? {
            status: 200,
            body: { id: intent[1], object: 'payment_intent', amount: paidBy.amount_total, currency: paidBy.currency, metadata: paidBy.metadata, ...paidBy.payment_intent_data },
          }
        : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${intent[1]}'` } } };
    }
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'POST' && path === '/v1/accounts') {
      const profile = (form.business_profile ?? {}) as Record<string, string>;
      const made: StripeAccount = {
        id: `acct_${randomBytes(8).toString('hex')}`,
        object: 'account',
        type: String(form.type),
        country: String(form.country),
        email: (form.email as string | undefined) ?? null,
        business_profile: { name: profile.name ?? null },
        metadata: (form.metadata as Record<string, string>) ?? {},
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: {
          currently_due: ['business_profile.mcc', 'external_account', 'individual.first_name', 'individual.verification.document', 'tos_acceptance.date'],
          past_due: [],
          eventually_due: [],
          pending_verification: [],
          disabled_reason: 'requirements.past_due',
        },
      };
      accounts.set(made.id, made);
      return { status: 200, body: made };
    }
    if (method === 'GET' && account) {
      const found = accounts.get(account[1]!);
      return found
        ? { status: 200, body: found }
        : { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such account: '${account[1]}'` } } };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const destination = accounts.get(String(form.destination));
      const amount = Number(form.amount);
      if (!destination)
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'destination', message: `No such destination: '${String(form.destination)}'` } },
        };
      if (!destination.payouts_enabled)
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              message: 'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
            },
          },
        };
      if (amount > platform.available)
        return {
          status: 400,
          body: { error: { type: 'invalid_request_error', code: 'balance_insufficient', message: 'You have insufficient available funds in your Stripe account.' } },
        };
      platform.available -= amount;
      const made: StripeTransfer = {
        id: id('tr'),
        object: 'transfer',
        amount,
        currency: String(form.currency),
        destination: destination.id,
        description: (form.description as string | undefined) ?? null,
        transfer_group: (form.transfer_group as string | undefined) ?? null,
        metadata: (form.metadata as Record<string, string>) ?? {},
      };
      transfers.push(made);
      return { status: 200, body: made };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const accountId = String(form.account);
      if (!accounts.has(accountId))
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such account: '${accountId}'` } } };
      const link = {
        account: accountId,
        url: `https://connect.stripe.test/setup/e/${accountId}/${randomBytes(6).toString('hex')}`,
        return_url: String(form.return_url),
        refresh_url: String(form.refresh_url),
      };
      accountLinks.push(link);
      return { status: 200, body: { object: 'account_link', url: link.url, created: Math.floor(Date.now() / 1000), expires_at: Math.floor(Date.now() / 1000) + 300 } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  const server: Server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    const path = (request.url ?? '').split('?')[0]!;
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: request.method!, path, idempotencyKey, authorization: request.headers.authorization ?? null });
    // Stripe answers a replayed key with the first answer, without doing it again.
    const replay = idempotencyKey ? replays.get(`${request.method} ${path} ${idempotencyKey}`) : undefined;
    const answer = replay ?? handle(request.method!, path, parseForm(body), (request.headers['stripe-account'] as string | undefined) ?? null);
    if (idempotencyKey && !replay) replays.set(`${request.method} ${path} ${idempotencyKey}`, answer);
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req'), ...(replay ? { 'idempotent-replayed': 'true' } : {}) });
    response.end(JSON.stringify(answer.body));
  });
  const port = await listenOnLoopback(server);

  return {
    url: `http://127.0.0.1:${port}`,
    webhookSecret,
    transfers,
    platform,
    sessions,
    refunds,
    accounts,
    accountLinks,
    requests,
    onboarded(accountId, verified = true) {
      const found = accounts.get(accountId)!;
      Object.assign(found, {
        details_submitted: true,
        charges_enabled: verified,
        payouts_enabled: verified,
        requirements: {
          ...found.requirements,
          currently_due: [],
          past_due: [],
          pending_verification: verified ? [] : ['individual.verification.document'],
          disabled_reason: verified ? null : 'requirements.pending_verification',
        },
      });
      return event('account.updated', { ...found });
    },
    disputed(sessionId, amount) {
      const session = sessions.get(sessionId)!;
      const dispute = {
        id: id('dp'),
        object: 'dispute',
        amount: amount ?? session.amount_total,
        currency: session.currency,
        charge: id('ch'),
        payment_intent: session.payment_intent,
        reason: 'product_not_received',
        status: 'needs_response',
      };
      disputes.set(dispute.id, dispute);
      return event('charge.dispute.created', { ...dispute });
    },
    disputeClosed(disputeId, status) {
      const dispute = disputes.get(disputeId)!;
      dispute.status = status;
      return event('charge.dispute.closed', { ...dispute });
    },
    accountUpdated(accountId, changes = {}, at) {
      const found = accounts.get(accountId)!;
      Object.assign(found, changes);
      const made = event('account.updated', structuredClone(found));
      if (at !== undefined) (made as { created: number }).created = at;
      return made;
    },
    payout(accountId, amount, status, payoutId = id('po')) {
      const payout = {
        id: payoutId,
        object: 'payout',
        amount,
        currency: 'eur',
        arrival_date: Math.floor(Date.now() / 1000) + 2 * 86_400,
        status,
        type: 'bank_account',
        failure_code: status === 'failed' ? 'account_closed' : null,
        failure_message: status === 'failed' ? 'The bank account has been closed.' : null,
      };
      payouts.set(payoutId, { account: accountId, amount, status });
      return { ...event(`payout.${status}`, payout), account: accountId };
    },
    paid(sessionId) {
      const session = sessions.get(sessionId)!;
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: session.payment_intent ?? id('pi') });
      return event('checkout.session.completed', { ...session });
    },
    expired(sessionId) {
      const session = sessions.get(sessionId)!;
      session.status = 'expired';
      return event('checkout.session.expired', { ...session });
    },
    refundSucceeded(refundId) {
      const refund = refunds.find((r) => r.id === refundId)!;
      refund.status = 'succeeded';
      return event('refund.updated', { ...refund });
    },
    signed(stripeEvent, secret = webhookSecret) {
      const body = JSON.stringify(stripeEvent);
      return { body, headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) } };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
