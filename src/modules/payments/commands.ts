import { refundSplit } from './commission.js';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import type { ReadDb } from '../../platform/db/read.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { typedSecret } from '../../platform/domain/secrets.js';
import type { Cents } from '../../platform/domain/money.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { paymentSettingsInput } from './contract.js';
import { paymentDecider, paymentNotFound, paymentStreamId, type PaymentCommand, type PaymentFields, type PaymentProviderName, type PaymentState } from './payment.js';
import type { HostedPayment, PaymentProvider, RawWebhook } from './providers.js';
import { paymentIdOfProviderId } from './queries.js';
import { applyAccountNews, applyPayoutNews } from './accounts-commands.js';
import { askProvider } from './ask-provider.js';
import { paymentSettingsDecider, paymentSettingsStreamId, type PaymentSettings } from './settings.js';

/** The provider of a name, as the settings stand now (422 when it is not available). */
export type ProviderOf = (name: PaymentProviderName) => Promise<PaymentProvider>;

interface Deps {
  store: EventStore;
  db: ReadDb;
  providers: ProviderOf;
}

type Existing = Extract<PaymentState, { exists: true }>;

/** A payment to open: its id (the same id again is the same payment), what it is, where the payer comes back. */
export interface PaymentToOpen {
  id: string;
  fields: PaymentFields;
  returnUrl: string;
  cancelUrl: string;
}

/**
 * The provider's hosted payment for `payment`, asked with the payment's id and terms as its
 * idempotency key: asked again, the provider answers the same page; asked with other terms (a
 * price changed between two tries of a checkout), a page of its own, as a provider refuses a key
 * used again with other terms. A provider that does not answer is a 502 in Italian (kind
 * 'upstream'); its own refusals (not configured, off) pass as they are.
 */
export async function hostedPaymentFor(providers: ProviderOf, { id, fields, returnUrl, cancelUrl }: PaymentToOpen): Promise<HostedPayment> {
  const provider = await providers(fields.paymentProvider);
  const terms = {
    amountCents: fields.amountCents,
    currency: fields.currency,
    description: fields.description,
    returnUrl,
    cancelUrl,
    ...(fields.payee ? { payee: { accountId: fields.payee.accountId, feeCents: fields.payee.feeCents } } : {}),
  };
  const termsKey = createHash('sha256').update(JSON.stringify(terms)).digest('base64url').slice(0, 16);
  return askProvider(
    () => provider.createPayment({ paymentId: id, ...terms, idempotencyKey: `payment-${id}-${termsKey}` }),
    'Il servizio di pagamento non risponde: riprova tra poco, oppure scegli un altro metodo di pagamento.',
  );
}

/** The command that records a payment with its hosted page in one append (after hostedPaymentFor). */
export const createOpenedPayment = ({ id, fields }: PaymentToOpen, hosted: HostedPayment): PaymentCommand => ({
  type: 'CreatePayment',
  id,
  fields,
  opened: { providerTransactionId: hosted.providerTransactionId, paymentUrl: hosted.paymentUrl },
});

/**
 * A movement of money opened at its provider: the provider's hosted payment asked for first (by
 * the payment's id: asked again, the same one), then the payment recorded pending with its id and
 * page in one append. The same `id` again (a retried request) opens nothing new. The module that
 * owns `fields.metadata.purpose` reacts to its completion.
 */
export async function openPayment(
  { store, providers }: Pick<Deps, 'store' | 'providers'>,
  input: { id?: string } & Omit<PaymentToOpen, 'id'>,
  ctx: CommandContext,
): Promise<{ id: string; paymentUrl: string; position: Position | null }> {
  const payment = { ...input, id: input.id ?? randomUUID() };
  const loaded = await loadState(store, paymentStreamId(payment.id), paymentDecider);
  if (loaded.state.exists && loaded.state.paymentUrl) return { id: payment.id, paymentUrl: loaded.state.paymentUrl, position: null };
  const hosted = await hostedPaymentFor(providers, payment);
  const created = await handleCommand(store, paymentStreamId(payment.id), paymentDecider, createOpenedPayment(payment, hosted), ctx, { loaded });
  const state = created.state as Existing;
  return { id: payment.id, paymentUrl: state.paymentUrl ?? hosted.paymentUrl, position: created.position };
}

/**
 * A provider's webhook: verified on its exact body (a bad signature is a 400 and changes
 * nothing), then applied to its payment once, by the provider's event id.
 */
export async function receiveWebhook({ store, db, providers }: Deps, name: PaymentProviderName, webhook: RawWebhook, ctx: CommandContext): Promise<Position | null> {
  const provider = await providers(name);
  // PayPal's check asks PayPal: a provider that does not answer is a 502, which the provider retries.
  const event = await askProvider(() => provider.parseWebhook(webhook), 'Il fornitore dei pagamenti non ha risposto alla verifica del webhook: riprova.');
  // A shop's account's news (Stripe's account.updated, the sandbox's own).
  if (event.account) return applyAccountNews({ store, db }, name, event.account, event.eventId, ctx);
  // A shop's account paid out to its bank, or its payout failed (Stripe's payout.paid / payout.failed).
  if (event.payout && name !== 'paypal') return applyPayoutNews({ store, db }, name, event.payout, ctx);
  // The payer's bank disputes a payment (a chargeback): recorded on the payment, whose shop's takings follow.
  if (event.dispute) {
    if (!event.paymentId) throw new DomainError(paymentNotFound, 'not-found');
    const dispute = { type: 'ApplyProviderDispute' as const, provider: name, providerEventId: event.eventId, dispute: event.dispute };
    return (await handleCommand(store, paymentStreamId(event.paymentId), paymentDecider, dispute, ctx)).position;
  }
  if (event.outcome === null) return null;
  const id = event.paymentId ?? (event.providerTransactionId ? await paymentIdOfProviderId(db, name, event.providerTransactionId) : null);
  if (!id) throw new DomainError(paymentNotFound, 'not-found');
  const command = {
    type: 'ApplyProviderEvent' as const,
    provider: name,
    providerTransactionId: event.providerTransactionId,
    providerEventId: event.eventId,
    outcome: event.outcome,
    ...(event.reason ? { reason: event.reason } : {}),
    ...(event.refund ? { refund: event.refund } : {}),
  };
  return (await handleCommand(store, paymentStreamId(id), paymentDecider, command, ctx)).position;
}

/** Cancels a payment nobody paid (the order's deadline passed, the buyer gave up). */
export async function cancelPayment({ store }: Pick<Deps, 'store'>, id: string, reason: string, ctx: CommandContext): Promise<Position | null> {
  return (await handleCommand(store, paymentStreamId(id), paymentDecider, { type: 'CancelPayment', reason }, ctx)).position;
}

/**
 * Refunds a completed payment through its provider, with the refund's own idempotency key: asked
 * again (a retry after the provider did not answer), the provider is asked again with the same key
 * and refunds once. Refunded when the provider's webhook confirms it. After parts refunded by
 * `refundPart`, it refunds what is left of the payment (nothing, when nothing is left).
 */
export async function refundPayment(deps: Pick<Deps, 'store' | 'providers'>, id: string, reason: string, ctx: CommandContext): Promise<Position | null> {
  return askRefund(deps, id, { type: 'RequestRefund', refundKey: `refund-${id}`, reason }, ctx);
}

/**
 * Refunds `amountCents` of a completed payment under the caller's own key (derived from what the
 * refund is for: a report, a compensation), so money never moves twice: asked again with the same
 * key, the refund is the one recorded (its amount as first asked) and the provider is asked again
 * with the same key, which refunds once. The parts together never exceed what was paid (422 in
 * Italian, kind 'rule'); the payment is `refunded` only once the provider confirmed all of it.
 * Confirmed, each refund by itself, by the provider's webhook.
 */
export async function refundPart(
  deps: Pick<Deps, 'store' | 'providers'>,
  paymentId: string,
  { refundKey, amountCents, reason }: { refundKey: string; amountCents: Cents; reason: string },
  ctx: CommandContext,
): Promise<Position | null> {
  return askRefund(deps, paymentId, { type: 'RequestRefund', refundKey, reason, amountCents }, ctx);
}

async function askRefund(
  { store, providers }: Pick<Deps, 'store' | 'providers'>,
  id: string,
  command: Extract<PaymentCommand, { type: 'RequestRefund' }>,
  ctx: CommandContext,
): Promise<Position | null> {
  const asked = await handleCommand(store, paymentStreamId(id), paymentDecider, command, ctx);
  const state = asked.state as Existing;
  // The whole payment's refund asked after its parts: its own key as recorded (an older key of it), or nothing left.
  const key = command.amountCents === undefined ? (state.refundKey ?? command.refundKey) : command.refundKey;
  const refund = state.refunds[key];
  if (!refund || refund.confirmed || state.status === 'refunded') return asked.position;
  const provider = await providers(state.fields.paymentProvider);
  // Paid to a shop: this refund's share of the platform's fee, by the commission's rule on the refunds asked before it.
  const payee = state.fields.payee;
  const keys = Object.keys(state.refunds);
  const before = keys.slice(0, keys.indexOf(key)).reduce((sum, k) => sum + state.refunds[k]!.amountCents, 0);
  const feeBack = payee ? refundSplit({ amountCents: state.fields.amountCents, feeCents: payee.feeCents }, before, refund.amountCents).feeCents : 0;
  await askProvider(
    () =>
      provider.refund({
        paymentId: id,
        providerTransactionId: state.providerTransactionId!,
        amountCents: refund.amountCents,
        currency: state.fields.currency,
        idempotencyKey: key,
        ...(payee ? { reverseTransfer: true, payee: { accountId: payee.accountId, feeCents: feeBack } } : {}),
      }),
    'Il fornitore dei pagamenti non ha risposto alla richiesta di rimborso: riprova tra poco (il rimborso non verrà fatto due volte).',
  );
  return asked.position;
}

/**
 * Changes the payment settings; each secret as the form gave it (kept when left empty or masked).
 * Switching the sandbox on the first time makes the secret its webhooks are signed with.
 */
export async function updatePaymentSettings({ store }: Pick<Deps, 'store'>, form: z.output<typeof paymentSettingsInput>, ctx: CommandContext): Promise<Position | null> {
  const {
    stripeSecretKey,
    clearStripeSecretKey,
    stripeWebhookSecret,
    clearStripeWebhookSecret,
    stripeConnectWebhookSecret,
    clearStripeConnectWebhookSecret,
    paypalClientSecret,
    clearPaypalClientSecret,
    ...fields
  } = form;
  const changes: Partial<PaymentSettings> = { ...fields };
  const secrets = {
    stripeSecretKey: typedSecret(stripeSecretKey, clearStripeSecretKey),
    stripeWebhookSecret: typedSecret(stripeWebhookSecret, clearStripeWebhookSecret),
    stripeConnectWebhookSecret: typedSecret(stripeConnectWebhookSecret, clearStripeConnectWebhookSecret),
    paypalClientSecret: typedSecret(paypalClientSecret, clearPaypalClientSecret),
  };
  for (const [key, value] of Object.entries(secrets)) if (value !== undefined) changes[key as keyof typeof secrets] = value;
  if (changes.sandboxEnabled) {
    const { state } = await loadState(store, paymentSettingsStreamId, paymentSettingsDecider);
    if (!state.sandboxWebhookSecret) changes.sandboxWebhookSecret = randomBytes(32).toString('hex');
  }
  return (await handleCommand(store, paymentSettingsStreamId, paymentSettingsDecider, { type: 'UpdatePaymentSettings', changes }, ctx)).position;
}
