import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '../../platform/domain/errors.js';
import type { ProviderOutcome } from './payment.js';
import type { PaymentProvider, ProviderEvent, RawWebhook } from './providers.js';

/*
 * The built-in provider: "Pagamenti di prova — nessun addebito reale". Its hosted page is a page of
 * the app (/pagamenti/prova/:paymentId); paying or refusing there makes the server deliver a
 * webhook signed as the real providers sign theirs (HMAC-SHA256 of `timestamp.body`, the scheme of
 * Stripe's), through the same webhook path, so `npm start` shows every paid flow without an account.
 */

export const sandboxSignatureHeader = 'x-vicino-sandbox-signature';
/**
 * The sandbox's page of a payment; with `returnUrl`, the page sends the payer back there once they
 * chose, as a provider's page does (the path alone: the page never leaves the site).
 */
export function sandboxPageOf(paymentId: string, returnUrl?: string): string {
  const page = `/pagamenti/prova/${paymentId}`;
  if (!returnUrl) return page;
  const back = new URL(returnUrl, 'http://vicino.invalid');
  return `${page}?ritorno=${encodeURIComponent(back.pathname + back.search)}`;
}

const sandboxEventTypes = {
  'payment.processing': 'processing',
  'payment.succeeded': 'succeeded',
  'payment.failed': 'failed',
  'refund.succeeded': 'refunded',
} as const satisfies Record<string, ProviderOutcome>;
export type SandboxEventType = keyof typeof sandboxEventTypes;

export interface SandboxEvent {
  id: string;
  type: SandboxEventType;
  paymentId: string;
  providerTransactionId: string;
  reason?: string;
  /** A refund's event: its key (the refund's idempotency key) and amount in cents. */
  refundKey?: string;
  amountCents?: number;
}

/** The sandbox's account of a holder: one per holder, so opening it again opens the same one. */
export const sandboxAccountId = (holderId: string): string => `sbxacct_${holderId}`;

/** The sandbox's onboarding page of an account, back to `returnUrl`'s path once the shopkeeper finished. */
export function sandboxAccountPageOf(accountId: string, returnUrl: string): string {
  const back = new URL(returnUrl, 'http://vicino.invalid');
  return `/pagamenti/prova/conto/${accountId}?ritorno=${encodeURIComponent(back.pathname + back.search)}`;
}

/** A sandbox account's news, as Stripe's `account.updated` carries it. */
export interface SandboxAccountEvent {
  id: string;
  type: 'account.updated';
  accountId: string;
  holderKind: 'store' | 'collaborator';
  holderId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  missing: string[];
  /** When the sandbox said it (ISO time). */
  createdAt: string;
}

const sandboxAccountBody = z.object({
  id: z.string().min(1).max(200),
  type: z.literal('account.updated'),
  accountId: z.string().regex(/^sbxacct_[A-Za-z0-9-]{1,80}$/),
  holderKind: z.enum(['store', 'collaborator']),
  holderId: z.uuid(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  missing: z.array(z.string().max(200)).max(50),
  createdAt: z.iso.datetime(),
});

/** A sandbox account's payout, as Stripe's `payout.paid` / `payout.failed` on a connected account. */
export interface SandboxPayoutEvent {
  id: string;
  type: 'payout.paid' | 'payout.failed';
  accountId: string;
  payoutId: string;
  amountCents: number;
  /** YYYY-MM-DD */
  arrivalDate: string;
  failureCode?: string;
  failureMessage?: string;
}

const sandboxPayoutBody = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['payout.paid', 'payout.failed']),
  accountId: z.string().regex(/^sbxacct_[A-Za-z0-9-]{1,80}$/),
  payoutId: z.string().regex(/^[A-Za-z0-9_-]{1,120}$/),
  amountCents: z.number().int().nonnegative(),
  arrivalDate: z.iso.date(),
  failureCode: z.string().max(200).optional(),
  failureMessage: z.string().max(500).optional(),
});

const sandboxEventBody = z.object({
  id: z.string().min(1).max(200),
  type: z.string().max(100),
  paymentId: z.uuid(),
  providerTransactionId: z.string().max(200),
  reason: z.string().max(500).optional(),
  refundKey: z.string().min(1).max(200).optional(),
  amountCents: z.number().int().positive().optional(),
});

export const sandboxOff = 'I pagamenti di prova non sono attivi: li attiva l’amministrazione nelle impostazioni dei pagamenti.';
const badSignature = 'Firma del webhook non valida.';

const hmac = (secret: string, timestamp: number, body: string) => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** The signature header of `body` at `timestamp` (seconds): `t=…,v1=…`. */
export const signSandboxWebhook = (secret: string, body: string, timestamp: number): string => `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;

/** A webhook as the sandbox delivers it: the event's JSON and its signature. */
export function sandboxWebhook(secret: string, event: SandboxEvent | SandboxAccountEvent | SandboxPayoutEvent, now: Date): RawWebhook {
  const body = JSON.stringify(event);
  return { body, headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signSandboxWebhook(secret, body, Math.floor(now.getTime() / 1000)) } };
}

/** The provider's id of a sandbox payment: one per payment, so opening it again opens the same one. */
export const sandboxTransactionId = (paymentId: string): string => `sbx_${paymentId}`;

/**
 * The sandbox provider signing with `secret` (null: the sandbox was never switched on, and no
 * webhook of it is genuine); it opens new payments only while `enabled`, and still hears the
 * webhooks of those opened before it was switched off. `deliver` sends a webhook to the app's own
 * webhook path.
 */
export function sandboxProvider(
  { secret, enabled }: { secret: string | null; enabled: boolean },
  deliver: (webhook: RawWebhook) => Promise<void>,
  clock: () => Date = () => new Date(),
): PaymentProvider {
  return {
    name: 'sandbox',
    async createPayment({ paymentId, returnUrl }) {
      if (!enabled) throw new DomainError(sandboxOff, 'rule');
      return { providerTransactionId: sandboxTransactionId(paymentId), paymentUrl: sandboxPageOf(paymentId, returnUrl) };
    },
    async refund({ paymentId, providerTransactionId, amountCents, idempotencyKey }) {
      if (!secret) throw new DomainError(sandboxOff, 'rule');
      // The refund's key names its event: asked again, it is the same refund.
      const event: SandboxEvent = { id: `evt_refund_${idempotencyKey}`, type: 'refund.succeeded', paymentId, providerTransactionId, refundKey: idempotencyKey, amountCents };
      await deliver(sandboxWebhook(secret, event, clock()));
      return { providerRefundId: `sbx_refund_${idempotencyKey}` };
    },
    async parseWebhook({ body, headers }): Promise<ProviderEvent> {
      const header = headers[sandboxSignatureHeader];
      const parts = Object.fromEntries(
        String(header ?? '')
          .split(',')
          .map((part) => part.split('=', 2) as [string, string]),
      );
      const timestamp = Number(parts.t);
      if (!secret || !parts.v1 || !Number.isSafeInteger(timestamp)) throw new DomainError(badSignature, 'invalid');
      const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
      const given = Buffer.from(parts.v1, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new DomainError(badSignature, 'invalid');
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new DomainError('Webhook non valido: JSON illeggibile.', 'invalid');
      }
      if ((parsed as { type?: unknown } | null)?.type === 'account.updated') {
        const news = sandboxAccountBody.safeParse(parsed);
        if (!news.success) throw new DomainError('Webhook non valido: evento incompleto.', 'invalid');
        const { id, accountId, holderKind, holderId, chargesEnabled, payoutsEnabled, detailsSubmitted, missing, createdAt } = news.data;
        return {
          eventId: id,
          paymentId: null,
          providerTransactionId: null,
          outcome: null,
          account: {
            accountId,
            holder: { kind: holderKind, id: holderId },
            chargesEnabled,
            payoutsEnabled,
            detailsSubmitted,
            missing,
            pendingVerification: [],
            disabledReason: null,
            observedAt: createdAt,
          },
        };
      }
      const kind = (parsed as { type?: unknown } | null)?.type;
      if (kind === 'payout.paid' || kind === 'payout.failed') {
        const payout = sandboxPayoutBody.safeParse(parsed);
        if (!payout.success) throw new DomainError('Webhook non valido: evento incompleto.', 'invalid');
        const { id, accountId, payoutId, amountCents, arrivalDate, failureCode, failureMessage } = payout.data;
        return {
          eventId: id,
          paymentId: null,
          providerTransactionId: null,
          outcome: null,
          payout: {
            accountId,
            payoutId,
            amountCents,
            arrivalDate,
            status: kind === 'payout.paid' ? 'paid' : 'failed',
            failureCode: failureCode ?? null,
            failureMessage: failureMessage ?? null,
            providerEventId: id,
          },
        };
      }
      const event = sandboxEventBody.safeParse(parsed);
      if (!event.success) throw new DomainError('Webhook non valido: evento incompleto.', 'invalid');
      const { id, type, paymentId, providerTransactionId, reason, refundKey, amountCents } = event.data;
      return {
        eventId: id,
        paymentId,
        providerTransactionId,
        outcome: type in sandboxEventTypes ? sandboxEventTypes[type as SandboxEventType] : null,
        ...(reason ? { reason } : {}),
        ...(type === 'refund.succeeded'
          ? { refund: { refundKey: refundKey ?? null, providerRefundId: refundKey ? `sbx_refund_${refundKey}` : null, amountCents: amountCents ?? null } }
          : {}),
      };
    },
    accounts: {
      async createAccount({ holderId }) {
        if (!enabled) throw new DomainError(sandboxOff, 'rule');
        return { accountId: sandboxAccountId(holderId) };
      },
      async onboardingLink({ accountId, holderId, returnUrl }) {
        if (!enabled) throw new DomainError(sandboxOff, 'rule');
        return { url: sandboxAccountPageOf(accountId ?? sandboxAccountId(holderId), returnUrl) };
      },
      // The sandbox's word on an account is its webhook (its page's choice), as Stripe's account.updated.
      readAccount: async () => null,
      // The test payments keep no balance of their own: the shop's ledger is theirs.
      readBalance: async () => null,
      // A test transfer moves nothing: its id is its key's, so the same key is the same transfer.
      async transfer({ idempotencyKey }) {
        if (!enabled) throw new DomainError(sandboxOff, 'rule');
        return { transferId: `sbxtr_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}` };
      },
    },
  };
}
