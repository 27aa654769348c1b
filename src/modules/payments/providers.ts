import type { Cents } from '../../platform/domain/money.js';
import type { PaymentProviderName, ProviderOutcome, RefundSeen } from './payment.js';

/*
 * What Vicino asks of whoever moves the money. The sandbox (sandbox.ts) is built in; the Stripe
 * adapter (a Checkout Session, its webhook signed with the endpoint secret) and the PayPal one (an
 * order and its approval link, the webhook verified through PayPal's API, hence async) implement
 * the same three calls with their official SDKs.
 */

/** A hosted payment to open: the payer pays on `paymentUrl`, the provider reports by webhook. */
export interface HostedPaymentRequest {
  paymentId: string;
  amountCents: Cents;
  currency: string;
  description: string;
  /** Where the provider's page sends the payer back, paid or not (absolute, or a path of the app). */
  returnUrl: string;
  cancelUrl: string;
  /** The same key opens the same payment at the provider, however often it is retried. */
  idempotencyKey: string;
}

export interface HostedPayment {
  /** The provider's id of the payment: a Checkout Session id, a PayPal order id, `sbx_…`. */
  providerTransactionId: string;
  paymentUrl: string;
}

export interface RefundRequest {
  paymentId: string;
  providerTransactionId: string;
  amountCents: Cents;
  currency: string;
  /**
   * The refund's own key: asked twice, the provider refunds once. It travels with the refund
   * (Stripe's metadata, PayPal's invoice_id, the sandbox's event) so its webhook names it.
   */
  idempotencyKey: string;
}

/**
 * A verified webhook as Vicino reads it. `eventId` is the provider's id of the event, unique for
 * it: a webhook delivered again carries the same one. The payment is named by our id when the
 * provider carries it back (metadata, custom_id), otherwise by the provider's own id.
 */
export interface ProviderEvent {
  eventId: string;
  paymentId: string | null;
  providerTransactionId: string | null;
  /** null: an event type Vicino does not act on (answered 200, so the provider stops sending it). */
  outcome: ProviderOutcome | null;
  reason?: string;
  /** A refund's event: which refund and how much, as far as the provider says. */
  refund?: RefundSeen;
}

/** A webhook's request as it arrived: the body's exact bytes (signatures are over them) and the headers. */
export interface RawWebhook {
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createPayment(request: HostedPaymentRequest): Promise<HostedPayment>;
  refund(request: RefundRequest): Promise<{ providerRefundId: string }>;
  /**
   * Verifies the webhook's signature and reads it; throws a DomainError of kind 'invalid' (a 400
   * in Italian) when the signature or the body is not the provider's.
   */
  parseWebhook(webhook: RawWebhook): Promise<ProviderEvent>;
}
