import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { isWholeCents, type Cents } from '../../platform/domain/money.js';

export const paymentStreamId = (id: string): string => `payment-${id}`;

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
}

/** What a provider reports about a payment (its webhook), already verified and parsed. */
export type ProviderOutcome = 'processing' | 'succeeded' | 'failed' | 'refunded';

export type PaymentCommand =
  | { type: 'CreatePayment'; id: string; fields: PaymentFields }
  | { type: 'OpenPayment'; providerTransactionId: string; paymentUrl: string }
  | {
      type: 'ApplyProviderEvent';
      /** Who sent the (verified) webhook: only the payment's own provider speaks for it. */
      provider: PaymentProviderName;
      providerTransactionId: string | null;
      providerEventId: string;
      outcome: ProviderOutcome;
      reason?: string;
    }
  | { type: 'CancelPayment'; reason: string }
  | { type: 'RequestRefund'; refundKey: string; reason: string };

type WithEvent<D> = D & { providerEventId: string };

export type PaymentEvent =
  | DomainEvent<'PaymentCreated', { id: string } & PaymentFields>
  | DomainEvent<'PaymentOpened', { providerTransactionId: string; paymentUrl: string }>
  | DomainEvent<'PaymentProcessing', WithEvent<Record<never, never>>>
  | DomainEvent<'PaymentCompleted', WithEvent<{ amountCents: Cents }>>
  | DomainEvent<'PaymentFailed', WithEvent<{ reason: string }>>
  | DomainEvent<'PaymentCancelled', { reason: string }>
  | DomainEvent<'PaymentRefundRequested', { refundKey: string; reason: string; amountCents: Cents }>
  | DomainEvent<'PaymentRefunded', WithEvent<{ amountCents: Cents }>>;

export type PaymentState =
  | { exists: false }
  | {
      exists: true;
      id: string;
      status: PaymentStatus;
      fields: PaymentFields;
      providerTransactionId: string | null;
      paymentUrl: string | null;
      refundKey: string | null;
      /** The provider events already applied: a webhook delivered again has no second effect. */
      seenEvents: ReadonlySet<string>;
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
      if (state.exists) return [];
      const { fields } = command;
      if (!isWholeCents(fields.amountCents) || fields.amountCents <= 0) {
        throw new DomainError('Importo: deve essere maggiore di zero, in centesimi interi.', 'rule', { amount: 'Importo non valido.' });
      }
      return [{ type: 'PaymentCreated', data: { id: command.id, ...fields } }];
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
        if (state.refundKey !== null || state.status === 'refunded') return [];
        if (state.status !== 'completed') throw conflict(`Il pagamento è ${statusLabels[state.status]}: si rimborsa solo un pagamento completato.`);
        return [{ type: 'PaymentRefundRequested', data: { refundKey: command.refundKey, reason: command.reason, amountCents: state.fields.amountCents } }];
    }
  },
  evolve(state, event) {
    if (event.type === 'PaymentCreated') {
      const { id, ...fields } = event.data;
      return { exists: true, id, status: 'pending', fields, providerTransactionId: null, paymentUrl: null, refundKey: null, seenEvents: new Set() };
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
      case 'PaymentRefundRequested':
        return { ...state, refundKey: event.data.refundKey };
      case 'PaymentRefunded':
        return { ...state, status: 'refunded', seenEvents: seen(event.data) };
    }
  },
};

/** Italian, as a sentence reads it: "Il pagamento è completato". */
export const statusLabels: Record<PaymentStatus, string> = {
  pending: 'in attesa',
  processing: 'in lavorazione',
  completed: 'completato',
  failed: 'non riuscito',
  cancelled: 'annullato',
  refunded: 'rimborsato',
};

/**
 * A provider's word is a fact about money, so it is never refused (the provider would only send it
 * again): it moves the payment forward or, when the payment is already past it, changes nothing.
 */
function applyProviderEvent(
  state: Extract<PaymentState, { exists: true }>,
  { provider, providerTransactionId, providerEventId, outcome, reason }: Extract<PaymentCommand, { type: 'ApplyProviderEvent' }>,
): PaymentEvent[] {
  // A webhook signed by one provider never moves a payment made with another (a sandbox's
  // signature completing a card payment would be money for nothing).
  if (provider !== state.fields.paymentProvider || (providerTransactionId !== null && state.providerTransactionId !== null && providerTransactionId !== state.providerTransactionId)) {
    throw new DomainError('Il webhook non riguarda questo pagamento.', 'invalid');
  }
  if (state.seenEvents.has(providerEventId)) return [];
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
    case 'refunded':
      if (state.status === 'completed') return [{ type: 'PaymentRefunded', data: { providerEventId, amountCents } }];
      // The refund overtook the payment's own confirmation: a refund says the money was paid first.
      if (open(state.status)) return [{ ...completed, data: { ...completed.data, providerEventId: `${providerEventId}:paid` } }, { type: 'PaymentRefunded', data: { providerEventId, amountCents } }];
      return [];
  }
}
