import Stripe from 'stripe';
import { DomainError } from '../../platform/domain/errors.js';
import type { ProviderOutcome } from './payment.js';
import { accountHolderKinds, type AccountHolderKind } from './payment-account.js';
import type { AccountSeen, PaymentProvider, ProviderEvent } from './providers.js';

/*
 * Stripe through its official SDK: a payment is a Checkout Session (Stripe's hosted page), its
 * outcome comes by webhook signed with the endpoint's secret (`Stripe-Signature`, checked by the
 * SDK on the body's exact bytes, within Stripe's own tolerance of 5 minutes), a refund is a Refund
 * of the session's PaymentIntent with its own idempotency key. Our payment's id travels in the
 * metadata of the session, of its PaymentIntent and of the refund, so every event names it.
 */

export interface StripeKeys {
  secretKey: string | null;
  webhookSecret: string | null;
  /** The Connect endpoint's own secret (the events of connected accounts), when Stripe sends them to another endpoint. */
  connectWebhookSecret?: string | null;
}

/** Where the SDK talks to: Stripe itself unless told otherwise (a loopback server in the tests, or stripe-mock). */
export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export const stripeNotConfigured = 'Il pagamento con Stripe non è configurato: servono la chiave segreta e il segreto del webhook nelle impostazioni dei pagamenti.';
const badSignature = 'Firma del webhook non valida.';

/** Reads an endpoint from a URL such as http://127.0.0.1:12111 (STRIPE_API_URL). */
export function stripeEndpointOf(url: string | undefined): StripeEndpoint | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: Number(parsed.port) || (protocol === 'http' ? 80 : 443), protocol };
}

/** The outcome of each event type Vicino acts on; the others are answered and ignored. */
const outcomes: Record<string, (object: Record<string, unknown>) => ProviderOutcome | null> = {
  // Paid at once (a card), or later for delayed methods (async_payment_succeeded).
  'checkout.session.completed': (session) => (session.payment_status === 'paid' ? 'succeeded' : 'processing'),
  'checkout.session.async_payment_succeeded': () => 'succeeded',
  'checkout.session.async_payment_failed': () => 'failed',
  'checkout.session.expired': () => 'failed',
  'refund.created': (refund) => (refund.status === 'succeeded' ? 'refunded' : null),
  'refund.updated': (refund) => (refund.status === 'succeeded' ? 'refunded' : null),
};

const reasons: Record<string, string> = {
  'checkout.session.async_payment_failed': 'Il pagamento non è andato a buon fine.',
  'checkout.session.expired': 'La pagina di pagamento di Stripe è scaduta senza pagamento.',
};

/** The event, if its signature is of one of the endpoints' secrets (the platform's, the Connect one's). */
function verified(body: string, signature: string, secrets: (string | null)[]): Stripe.Event {
  for (const secret of secrets) {
    if (!secret) continue;
    try {
      return Stripe.webhooks.constructEvent(body, signature, secret);
    } catch {
      // the other endpoint's, perhaps
    }
  }
  throw new DomainError(badSignature, 'invalid');
}

/** A connected account as Vicino reads it: what it can do, and whose it is (its metadata). */
function accountSeenOf(account: Stripe.Account, observedAt: Date): AccountSeen {
  const requirements = account.requirements;
  const kind = account.metadata?.holderKind;
  const holderId = account.metadata?.holderId;
  return {
    accountId: account.id,
    holder: kind && holderId && (accountHolderKinds as readonly string[]).includes(kind) ? { kind: kind as AccountHolderKind, id: holderId } : null,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    missing: [...new Set([...(requirements?.past_due ?? []), ...(requirements?.currently_due ?? [])])],
    pendingVerification: [...(requirements?.pending_verification ?? [])],
    disabledReason: requirements?.disabled_reason ?? null,
    observedAt: observedAt.toISOString(),
  };
}

/** The SDK's clients by key and endpoint: one kept (with its connections) rather than one made for every call. */
const clients = new Map<string, Stripe>();

export function stripeProvider(keys: StripeKeys, endpoint?: StripeEndpoint): PaymentProvider {
  const client = () => {
    if (!keys.secretKey) throw new DomainError(stripeNotConfigured, 'rule');
    const key = JSON.stringify([keys.secretKey, endpoint ?? null]);
    let made = clients.get(key);
    if (!made) {
      // A few keys in a process's life (the admin changes them rarely): the oldest goes past that.
      if (clients.size >= 8) clients.delete(clients.keys().next().value!);
      // No telemetry: each request would carry the timing of the one before, work for nothing of ours.
      made = new Stripe(keys.secretKey, { maxNetworkRetries: 2, timeout: 20_000, telemetry: false, ...endpoint });
      clients.set(key, made);
    }
    return made;
  };
  return {
    name: 'stripe',
    async createPayment({ paymentId, amountCents, currency, description, returnUrl, cancelUrl, idempotencyKey, payee }) {
      const session = await client().checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [{ quantity: 1, price_data: { currency: currency.toLowerCase(), unit_amount: amountCents, product_data: { name: description } } }],
          success_url: returnUrl,
          cancel_url: cancelUrl,
          client_reference_id: paymentId,
          metadata: { paymentId },
          // A shop's order: a destination charge, the shop the merchant of record, the commission kept as the application fee.
          payment_intent_data: payee
            ? { metadata: { paymentId }, transfer_data: { destination: payee.accountId }, on_behalf_of: payee.accountId, application_fee_amount: payee.feeCents }
            : { metadata: { paymentId } },
          locale: 'it',
        },
        { idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe answered a Checkout Session without a URL (${session.id})`);
      return { providerTransactionId: session.id, paymentUrl: session.url };
    },
    async refund({ paymentId, providerTransactionId, amountCents, idempotencyKey, reverseTransfer }) {
      const stripe = client();
      const session = await stripe.checkout.sessions.retrieve(providerTransactionId);
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new DomainError('Questo pagamento Stripe non risulta incassato: non c’è nulla da rimborsare.', 'conflict');
      // A destination charge's refund takes back the shop's transfer and the platform's fee in proportion (Stripe computes both).
      const reversal = reverseTransfer ? { reverse_transfer: true, refund_application_fee: true } : {};
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountCents, ...reversal, metadata: { paymentId, refundKey: idempotencyKey } },
        { idempotencyKey },
      );
      return { providerRefundId: refund.id };
    },
    async parseWebhook({ body, headers }): Promise<ProviderEvent> {
      if (!keys.webhookSecret) throw new DomainError(stripeNotConfigured, 'rule');
      const signature = headers['stripe-signature'];
      const event = verified(body, typeof signature === 'string' ? signature : '', [keys.webhookSecret, keys.connectWebhookSecret ?? null]);
      if (event.type === 'payout.paid' || event.type === 'payout.failed') {
        // A connected account's payout: the event names the account (Connect), the payout its amount and day.
        const payout = event.data.object;
        if (!event.account || payout.currency !== 'eur') return { eventId: event.id, paymentId: null, providerTransactionId: null, outcome: null };
        return {
          eventId: event.id,
          paymentId: null,
          providerTransactionId: null,
          outcome: null,
          payout: {
            accountId: event.account,
            payoutId: payout.id,
            amountCents: payout.amount,
            status: event.type === 'payout.paid' ? 'paid' : 'failed',
            arrivalDate: new Date(payout.arrival_date * 1000).toISOString().slice(0, 10),
            failureCode: payout.failure_code ?? null,
            failureMessage: payout.failure_message ?? null,
            providerEventId: event.id,
          },
        };
      }
      if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
        const dispute = event.data.object;
        // The dispute names the PaymentIntent, which carries our payment's id.
        const intentId = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
        const intent = intentId ? await client().paymentIntents.retrieve(intentId) : null;
        const status = event.type === 'charge.dispute.created' ? 'open' : dispute.status === 'lost' ? 'lost' : 'won';
        return {
          eventId: event.id,
          paymentId: intent?.metadata.paymentId ?? null,
          providerTransactionId: null,
          outcome: null,
          dispute: { disputeId: dispute.id, amountCents: dispute.amount, status, reason: dispute.reason ?? null },
        };
      }
      if (event.type === 'account.updated') {
        const account = event.data.object;
        return { eventId: event.id, paymentId: null, providerTransactionId: null, outcome: null, account: accountSeenOf(account, new Date(event.created * 1000)) };
      }
      const object = event.data.object as unknown as Record<string, unknown>;
      const outcome = outcomes[event.type]?.(object) ?? null;
      const metadata = (object.metadata ?? {}) as Record<string, string>;
      const isSession = event.type.startsWith('checkout.session.');
      const isRefund = event.type.startsWith('refund.');
      return {
        eventId: event.id,
        paymentId: metadata.paymentId ?? (typeof object.client_reference_id === 'string' ? object.client_reference_id : null),
        // A session's own id is the one the payment was opened with; a refund names it by the metadata.
        providerTransactionId: isSession && typeof object.id === 'string' ? object.id : null,
        outcome,
        ...(reasons[event.type] ? { reason: reasons[event.type] } : {}),
        // A refund names itself: our key in its metadata, its id, its amount in cents.
        ...(isRefund
          ? {
              refund: {
                refundKey: metadata.refundKey ?? null,
                providerRefundId: typeof object.id === 'string' ? object.id : null,
                amountCents: typeof object.amount === 'number' ? object.amount : null,
              },
            }
          : {}),
      };
    },
    accounts: {
      async createAccount({ holderKind, holderId, businessName, email, idempotencyKey }) {
        const account = await client().accounts.create(
          {
            type: 'express',
            country: 'IT',
            default_currency: 'eur',
            ...(email ? { email } : {}),
            business_profile: { name: businessName },
            // A shop takes customers' cards; a collaborator only receives the platform's transfers (their compensations).
            capabilities: holderKind === 'store' ? { card_payments: { requested: true }, transfers: { requested: true } } : { transfers: { requested: true } },
            metadata: { holderKind, holderId },
          },
          { idempotencyKey },
        );
        return { accountId: account.id };
      },
      async onboardingLink({ accountId, returnUrl, refreshUrl }) {
        if (!accountId) throw new Error('Stripe onboards an account opened first (createAccount)');
        const link = await client().accountLinks.create({
          account: accountId,
          type: 'account_onboarding',
          return_url: returnUrl,
          refresh_url: refreshUrl,
          collect: 'currently_due',
        });
        return { url: link.url };
      },
      async readAccount(accountId) {
        return accountSeenOf(await client().accounts.retrieve(accountId), new Date());
      },
      async transfer({ accountId, amountCents, currency, description, group, idempotencyKey }) {
        try {
          const made = await client().transfers.create(
            { amount: amountCents, currency, destination: accountId, description, transfer_group: group, metadata: { group } },
            { idempotencyKey },
          );
          return { transferId: made.id };
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'balance_insufficient')
            throw new DomainError('Il saldo della piattaforma su Stripe non basta per questo trasferimento: riprova quando arrivano i prossimi incassi.', 'rule');
          if (error instanceof Stripe.errors.StripeInvalidRequestError && /capabilit/i.test(error.message))
            throw new DomainError('Il conto Stripe del collaboratore non può ancora ricevere trasferimenti: deve completare i suoi dati su Stripe.', 'rule');
          throw error;
        }
      },
      async readBalance(accountId) {
        const balance = await client().balance.retrieve({}, { stripeAccount: accountId });
        const euros = (funds: { amount: number; currency: string }[]) => funds.filter((f) => f.currency === 'eur').reduce((sum, f) => sum + f.amount, 0);
        return { availableCents: euros(balance.available), pendingCents: euros(balance.pending) };
      },
    },
  };
}
