import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { formatCents, isWholeCents, type Cents } from '../../platform/domain/money.js';
import { statusLabels } from './labels.js';

export const paymentStreamId = (id: string): string => `payment-${id}`;
/** The payment's id in its stream's id (paymentStreamId's reverse). */
export const paymentIdOfStream = (streamId: string): string => streamId.slice('payment-'.length);

/**
 * Spec §3 payment_transactions.transactionType, and `order_payment`: a customer paying an order
 * online, a movement of money the spec's list has no name for.
 */
export const transactionTypes = ['package_purchase', 'order_payment', 'collaboration_payment', 'refund', 'credit_purchase'] as const;
export type TransactionType = (typeof transactionTypes)[number];

/** Spec §3 payment_transactions.paymentMethod. */
export const paymentMethods = ['credit_card', 'paypal', 'bank_transfer', 'credits'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** Who moves the money: the built-in sandbox, or the real providers (their adapters join later). */
export const paymentProviders = ['sandbox', 'stripe', 'paypal'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** Spec §4 payment transaction states. */
export const paymentStatuses = ['pending', 'processing', 'completed', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * What a payment pays for: the module that owns it reacts to the payment's events by this (a
 * package activated, an order marked paid), without the payments module knowing those modules.
 */
export type PaymentPurpose =
  | { kind: 'package'; packageId: string }
  | { kind: 'order'; orderId: string }
  | { kind: 'credits'; credits: number }
  | { kind: 'collaboration'; assignmentId: string }
  | { kind: 'test' };

export interface PaymentFields {
  userId: string;
  transactionType: TransactionType;
  amountCents: Cents;
  currency: string;
  paymentMethod: PaymentMethod;
  paymentProvider: PaymentProviderName;
  description: string;
  packageId: string | null;
  assignmentId: string | null;
  metadata: { purpose: PaymentPurpose } & Record<string, unknown>;
  /**
   * Whose money it is (issue [20]): a shop's order goes to the shop's account at the provider, the
   * platform keeping `feeCents`, its commission (commission.ts) at `commissionPercentage`. Absent:
   * the platform's own money (plans, credits) and the orders paid before shops had accounts.
   */
  payee?: PaymentPayeeFields;
}

export interface PaymentPayeeFields {
  holderKind: 'store';
  holderId: string;
  accountId: string;
  commissionPercentage: number;
  feeCents: Cents;
}

/** What a provider reports about a payment (its webhook), already verified and parsed. */
export type ProviderOutcome = 'processing' | 'succeeded' | 'failed' | 'refunded';

export type PaymentCommand =
  /** `opened`: the provider's hosted payment, asked for first (by the payment's own key), recorded with it in one go. */
  | { type: 'CreatePayment'; id: string; fields: PaymentFields; opened?: OpenedAt }
  | ({ type: 'OpenPayment' } & OpenedAt)
  | {
      type: 'ApplyProviderEvent';
      /** Who sent the (verified) webhook: only the payment's own provider speaks for it. */
      provider: PaymentProviderName;
      providerTransactionId: string | null;
      providerEventId: string;
      outcome: ProviderOutcome;
      reason?: string;
      /** A refund's webhook: which refund (our key, when the provider carries it back) and how much. */
      refund?: RefundSeen;
    }
  | { type: 'CancelPayment'; reason: string }
  /**
   * The payer's bank disputes the payment (a chargeback, issue [20]): opened, then closed won (the
   * money stays) or lost (it goes back to the payer). The provider's webhooks, in any order.
   */
  | { type: 'ApplyProviderDispute'; provider: PaymentProviderName; providerEventId: string; dispute: DisputeSeen }
  /**
   * A refund under the caller's own key. Without `amountCents`, the whole payment (what is left of
   * it after the parts refunded before); with it, that part (`refundPart`).
   */
  | { type: 'RequestRefund'; refundKey: string; reason: string; amountCents?: Cents };

/** What a provider says of a dispute of a payment (Stripe's charge.dispute.*). */
export interface DisputeSeen {
  disputeId: string;
  amountCents: Cents;
  /** open: the bank took the money back while it decides; won: it came back; lost: it stays with the payer. */
  status: 'open' | 'won' | 'lost';
  /** The provider's reason (fraudulent, product_not_received…), if it says. */
  reason: string | null;
}

export const disputeOutcomes = ['won', 'lost'] as const;

/** What a provider's refund webhook says of the refund: each may be missing (a refund made on the provider's dashboard). */
export interface RefundSeen {
  refundKey: string | null;
  providerRefundId: string | null;
  amountCents: Cents | null;
}

type WithEvent<D> = D & { providerEventId: string };

/** The provider's payment and its hosted page, where the payer pays. */
export interface OpenedAt {
  providerTransactionId: string;
  paymentUrl: string;
}

export type PaymentEvent =
  /**
   * `opened`: the provider's hosted payment asked for before the payment was stored (a checkout's,
   * a purchase's), recorded with its creation in one event; without it (a payment opened later,
   * every event before), PaymentOpened follows.
   */
  | DomainEvent<'PaymentCreated', { id: string } & PaymentFields & { opened?: OpenedAt }>
  | DomainEvent<'PaymentOpened', OpenedAt>
  | DomainEvent<'PaymentProcessing', WithEvent<Record<never, never>>>
  | DomainEvent<'PaymentCompleted', WithEvent<{ amountCents: Cents }>>
  | DomainEvent<'PaymentFailed', WithEvent<{ reason: string }>>
  | DomainEvent<'PaymentCancelled', { reason: string }>
  /** `partial`: a part asked by `refundPart`; without it (every event before partial refunds), the whole of what was left. */
  | DomainEvent<'PaymentRefundRequested', { refundKey: string; reason: string; amountCents: Cents; partial?: true }>
  /** `refundKey`: the refund the provider confirmed (missing in the events before partial refunds: the whole payment's). */
  | DomainEvent<'PaymentRefunded', WithEvent<{ amountCents: Cents; refundKey?: string }>>
  /** The payer's bank took `amountCents` back while it decides (a chargeback). */
  | DomainEvent<'PaymentDisputeOpened', WithEvent<{ disputeId: string; amountCents: Cents; disputeReason: string | null }>>
  /** The dispute decided: won, the money came back; lost, it stays with the payer. */
  | DomainEvent<'PaymentDisputeClosed', WithEvent<{ disputeId: string; outcome: (typeof disputeOutcomes)[number] }>>;

/** A refund asked for or confirmed, by its key. */
export interface RefundOfPayment {
  amountCents: Cents;
  /** Confirmed by the provider's webhook. */
  confirmed: boolean;
  partial: boolean;
}

export type PaymentState =
  | { exists: false }
  | {
      exists: true;
      id: string;
      status: PaymentStatus;
      fields: PaymentFields;
      providerTransactionId: string | null;
      paymentUrl: string | null;
      /** The key of the whole payment's refund (`refundPayment`), once asked. */
      refundKey: string | null;
      /** Every refund asked for or confirmed, by its key, in the order they came. */
      refunds: Readonly<Record<string, RefundOfPayment>>;
      /** What the provider confirmed refunded, in cents: the payment is `refunded` when it is all of it. */
      refundedCents: Cents;
      /** The provider events already applied: a webhook delivered again has no second effect. */
      seenEvents: ReadonlySet<string>;
      /** The payer's disputes (chargebacks) by the provider's id; absent in states before disputes. */
      disputes?: Readonly<Record<string, { amountCents: Cents; outcome: DisputeSeen['status'] }>>;
    };

export const paymentNotFound = 'Pagamento non trovato.';

const open = (status: PaymentStatus) => status === 'pending' || status === 'processing';

const conflict = (message: string) => new DomainError(message, 'conflict');

/**
 * One movement of money. Money never moves twice: creating, opening, cancelling and asking a
 * refund again change nothing; a provider's event applied once is never applied again (by its
 * id), and one that arrives late (a "processing" after the "succeeded") changes nothing. A move the
 * state forbids (refunding what was never paid, cancelling what was paid) is refused.
 */
export const paymentDecider: Decider<PaymentCommand, PaymentEvent, PaymentState> = {
  initialState: { exists: false },
  decide(command, state) {
    if (command.type === 'CreatePayment') {
      const { fields } = command;
      const opened = command.opened ? { providerTransactionId: command.opened.providerTransactionId, paymentUrl: command.opened.paymentUrl } : null;
      // Created before (a retry): opened now if it was not, otherwise nothing.
      if (state.exists) return opened && state.providerTransactionId === null && state.status === 'pending' ? [{ type: 'PaymentOpened', data: opened }] : [];
      if (!isWholeCents(fields.amountCents) || fields.amountCents <= 0) {
        throw new DomainError('Importo: deve essere maggiore di zero, in centesimi interi.', 'rule', { amount: 'Importo non valido.' });
      }
      const payee = fields.payee;
      if (
        payee &&
        (!isWholeCents(payee.feeCents) || payee.feeCents < 0 || payee.feeCents > fields.amountCents || !(payee.commissionPercentage >= 0 && payee.commissionPercentage <= 100))
      ) {
        throw new DomainError('Commissione: tra zero e l’importo del pagamento, in centesimi interi.', 'rule', { fee: 'Commissione non valida.' });
      }
      // Opened already (its page asked for first): one event says both.
      return [{ type: 'PaymentCreated', data: { id: command.id, ...fields, ...(opened ? { opened } : {}) } }];
    }
    if (!state.exists) throw new DomainError(paymentNotFound, 'not-found');
    switch (command.type) {
      case 'OpenPayment':
        if (state.providerTransactionId === command.providerTransactionId) return [];
        if (state.providerTransactionId !== null || state.status !== 'pending') throw conflict('Il pagamento è già stato avviato presso il fornitore.');
        return [{ type: 'PaymentOpened', data: { providerTransactionId: command.providerTransactionId, paymentUrl: command.paymentUrl } }];
      case 'ApplyProviderEvent':
        return applyProviderEvent(state, command);
      case 'CancelPayment':
        if (state.status === 'cancelled') return [];
        if (!open(state.status)) throw conflict(`Il pagamento è ${statusLabels[state.status]}: non si può annullare.`);
        return [{ type: 'PaymentCancelled', data: { reason: command.reason } }];
      case 'RequestRefund':
        return requestRefund(state, command);
      case 'ApplyProviderDispute':
        return applyDispute(state, command);
    }
  },
  evolve(state, event) {
    if (event.type === 'PaymentCreated') {
      const { id, opened, ...fields } = event.data;
      return {
        exists: true,
        id,
        status: 'pending',
        fields,
        providerTransactionId: opened?.providerTransactionId ?? null,
        paymentUrl: opened?.paymentUrl ?? null,
        refundKey: null,
        refunds: {},
        refundedCents: 0,
        seenEvents: new Set(),
      };
    }
    if (!state.exists) return state;
    const seen = (data: { providerEventId: string }) => new Set([...state.seenEvents, data.providerEventId]);
    switch (event.type) {
      case 'PaymentOpened':
        return { ...state, providerTransactionId: event.data.providerTransactionId, paymentUrl: event.data.paymentUrl };
      case 'PaymentProcessing':
        return { ...state, status: 'processing', seenEvents: seen(event.data) };
      case 'PaymentCompleted':
        return { ...state, status: 'completed', seenEvents: seen(event.data) };
      case 'PaymentFailed':
        return { ...state, status: 'failed', seenEvents: seen(event.data) };
      case 'PaymentCancelled':
        return { ...state, status: 'cancelled' };
      case 'PaymentRefundRequested': {
        const { refundKey, amountCents, partial } = event.data;
        const refunds = { ...state.refunds, [refundKey]: { amountCents, confirmed: false, partial: partial === true } };
        return { ...state, refunds, refundKey: partial ? state.refundKey : refundKey };
      }
      case 'PaymentRefunded': {
        const { amountCents } = event.data;
        // Before partial refunds a refund's confirmation named no key: it was the whole payment's.
        const key = event.data.refundKey ?? state.refundKey ?? `refund-${state.id}`;
        const asked = state.refunds[key];
        const refunds = { ...state.refunds, [key]: { amountCents, confirmed: true, partial: asked?.partial ?? false } };
        const refundedCents = state.refundedCents + amountCents;
        return { ...state, refunds, refundedCents, status: refundedCents >= state.fields.amountCents ? 'refunded' : state.status, seenEvents: seen(event.data) };
      }
      case 'PaymentDisputeOpened': {
        const { disputeId, amountCents } = event.data;
        return { ...state, disputes: { ...state.disputes, [disputeId]: { amountCents, outcome: 'open' } }, seenEvents: seen(event.data) };
      }
      case 'PaymentDisputeClosed': {
        const { disputeId, outcome } = event.data;
        const known = state.disputes?.[disputeId];
        if (!known) return { ...state, seenEvents: seen(event.data) };
        return { ...state, disputes: { ...state.disputes, [disputeId]: { ...known, outcome } }, seenEvents: seen(event.data) };
      }
    }
  },
};

const disputeIdPattern = /^[\w-]{1,100}$/;

/**
 * A provider's word on a dispute of the payment: a fact about money, never refused once it is
 * readable. Opened once; closed once, with its outcome; a close that overtook the opening opens and
 * closes it at once; the same event again, or a later word on a closed dispute, changes nothing.
 */
function applyDispute(
  state: Extract<PaymentState, { exists: true }>,
  { provider, providerEventId, dispute }: Extract<PaymentCommand, { type: 'ApplyProviderDispute' }>,
): PaymentEvent[] {
  if (provider !== state.fields.paymentProvider) throw new DomainError('Il webhook non riguarda questo pagamento.', 'invalid');
  if (!disputeIdPattern.test(dispute.disputeId)) throw new DomainError('Il webhook indica una contestazione senza un identificativo leggibile.', 'invalid');
  if (!isWholeCents(dispute.amountCents) || dispute.amountCents <= 0 || dispute.amountCents > state.fields.amountCents) {
    throw new DomainError('Il webhook indica una contestazione per un importo che non è di questo pagamento.', 'invalid');
  }
  if (dispute.reason !== null && !disputeIdPattern.test(dispute.reason)) throw new DomainError('Il webhook indica un motivo non leggibile.', 'invalid');
  if (state.seenEvents.has(providerEventId)) return [];
  const known = state.disputes?.[dispute.disputeId];
  const opened: PaymentEvent = {
    type: 'PaymentDisputeOpened',
    data: { providerEventId, disputeId: dispute.disputeId, amountCents: dispute.amountCents, disputeReason: dispute.reason },
  };
  if (dispute.status === 'open') return known ? [] : [opened];
  if (known && known.outcome !== 'open') return [];
  const closed: PaymentEvent = { type: 'PaymentDisputeClosed', data: { providerEventId, disputeId: dispute.disputeId, outcome: dispute.status } };
  return known ? [closed] : [{ ...opened, data: { ...opened.data, providerEventId: `${providerEventId}:opened` } }, closed];
}

/**
 * A provider's word is a fact about money, so it is never refused (the provider would only send it
 * again): it moves the payment forward or, when the payment is already past it, changes nothing.
 */
function applyProviderEvent(
  state: Extract<PaymentState, { exists: true }>,
  { provider, providerTransactionId, providerEventId, outcome, reason, refund }: Extract<PaymentCommand, { type: 'ApplyProviderEvent' }>,
): PaymentEvent[] {
  // A webhook signed by one provider never moves a payment made with another (a sandbox's
  // signature completing a card payment would be money for nothing).
  if (
    provider !== state.fields.paymentProvider ||
    (providerTransactionId !== null && state.providerTransactionId !== null && providerTransactionId !== state.providerTransactionId)
  ) {
    throw new DomainError('Il webhook non riguarda questo pagamento.', 'invalid');
  }
  if (state.seenEvents.has(providerEventId)) return [];
  // A provider's refund in fractions of a cent (or beyond any payment) is no refund the read model can record.
  if (refund?.amountCents != null && (!isWholeCents(refund.amountCents) || refund.amountCents <= 0)) {
    throw new DomainError('Il webhook indica un rimborso che non è un importo in centesimi interi.', 'invalid');
  }
  const amountCents = state.fields.amountCents;
  const completed: PaymentEvent = { type: 'PaymentCompleted', data: { providerEventId, amountCents } };
  switch (outcome) {
    case 'processing':
      return state.status === 'pending' ? [{ type: 'PaymentProcessing', data: { providerEventId } }] : [];
    case 'succeeded':
      // Paid after it was cancelled here (the payer finished on the provider's page meanwhile):
      // the money moved, so the payment says so and whoever owns its purpose decides (a refund).
      return open(state.status) || state.status === 'cancelled' ? [completed] : [];
    case 'failed':
      return open(state.status) ? [{ type: 'PaymentFailed', data: { providerEventId, reason: reason ?? 'Pagamento rifiutato.' } }] : [];
    case 'refunded': {
      if (state.status !== 'completed' && !open(state.status)) return [];
      const confirmed = refundConfirmed(state, providerEventId, refund);
      if (!confirmed) return [];
      if (state.status === 'completed') return [confirmed];
      // The refund overtook the payment's own confirmation: a refund says the money was paid first.
      return [{ ...completed, data: { ...completed.data, providerEventId: `${providerEventId}:paid` } }, confirmed];
    }
  }
}

/** What is still to refund: what was paid, less every refund asked for (confirmed or not). */
export const refundableCents = (state: Extract<PaymentState, { exists: true }>): Cents =>
  state.fields.amountCents - Object.values(state.refunds).reduce((sum, refund) => sum + refund.amountCents, 0);

/**
 * A refund asked for under its key. The same key again is the same refund: nothing new, whatever
 * amount it names. A part is refused past what is left to refund; the whole payment's refund
 * (no amount) refunds what is left after the parts asked before, and nothing when nothing is left.
 */
function requestRefund(state: Extract<PaymentState, { exists: true }>, { refundKey, reason, amountCents }: Extract<PaymentCommand, { type: 'RequestRefund' }>): PaymentEvent[] {
  if (state.refunds[refundKey]) return [];
  if (amountCents === undefined) {
    if (state.refundKey !== null || state.status === 'refunded') return [];
    if (state.status !== 'completed') throw conflict(`Il pagamento è ${statusLabels[state.status]}: si rimborsa solo un pagamento completato.`);
    const left = refundableCents(state);
    return left > 0 ? [{ type: 'PaymentRefundRequested', data: { refundKey, reason, amountCents: left } }] : [];
  }
  if (!isWholeCents(amountCents) || amountCents <= 0) {
    throw new DomainError('Importo del rimborso: deve essere maggiore di zero, in centesimi interi.', 'rule', { amount: 'Importo non valido.' });
  }
  if (state.status !== 'completed' && state.status !== 'refunded') throw conflict(`Il pagamento è ${statusLabels[state.status]}: si rimborsa solo un pagamento completato.`);
  const left = refundableCents(state);
  if (amountCents > left) {
    throw new DomainError(
      left > 0
        ? `Il rimborso di ${formatCents(amountCents)} supera quanto resta da rimborsare di questo pagamento (${formatCents(left)}).`
        : 'Questo pagamento è già stato rimborsato per intero: non resta nulla da rimborsare.',
      'rule',
      { amount: 'Importo superiore a quanto resta da rimborsare.' },
    );
  }
  return [{ type: 'PaymentRefundRequested', data: { refundKey, reason, amountCents, partial: true } }];
}

/**
 * The provider's confirmation of one refund, or null when it was confirmed already. The refund is
 * named by our key when the provider carries it back; otherwise it is the only one waiting, or,
 * for a refund made outside Vicino (the provider's dashboard), the provider's own refund id.
 * Without an amount, a refund is the one asked for, or all that was left.
 */
function refundConfirmed(state: Extract<PaymentState, { exists: true }>, providerEventId: string, refund: RefundSeen | undefined): PaymentEvent | null {
  const waiting = Object.entries(state.refunds).filter(([, r]) => !r.confirmed);
  const byAmount = refund?.amountCents != null ? waiting.filter(([, r]) => r.amountCents === refund.amountCents) : waiting;
  const key =
    refund?.refundKey ??
    (byAmount.length === 1 ? byAmount[0]![0] : null) ??
    (waiting.length === 1 && refund?.amountCents == null ? waiting[0]![0] : null) ??
    (refund?.providerRefundId ? `provider-${refund.providerRefundId}` : (state.refundKey ?? `refund-${state.id}`));
  const known = state.refunds[key];
  if (known?.confirmed) return null;
  const confirmedCents = state.refundedCents;
  const amountCents = Math.min(refund?.amountCents ?? known?.amountCents ?? state.fields.amountCents - confirmedCents, state.fields.amountCents - confirmedCents);
  if (amountCents <= 0) return null;
  return { type: 'PaymentRefunded', data: { providerEventId, amountCents, refundKey: key } };
}
