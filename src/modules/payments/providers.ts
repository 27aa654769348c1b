import type { Cents } from '../../platform/domain/money.js';
import type { DisputeSeen, PaymentProviderName, ProviderOutcome, RefundSeen } from './payment.js';
import type { AccountCapabilities, AccountHolderKind, PayoutSeen } from './payment-account.js';

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
  /**
   * Whose money it is (an order's shop): the provider pays it to that account and keeps `feeCents`
   * for the platform (Stripe: a destination charge, `transfer_data` and `application_fee_amount`).
   */
  payee?: PaymentPayee;
}

/** The account a payment goes to and the platform's fee on it (commission.ts). */
export interface PaymentPayee {
  accountId: string;
  feeCents: Cents;
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
  /** The payment went to a payee: the refund takes back that part of the transfer and the fee in proportion. */
  reverseTransfer?: boolean;
  /**
   * The payee's account and the share of the platform's fee this refund gives back (the
   * commission's rule): PayPal refunds from the merchant's own balance, told the fee to return;
   * Stripe computes both itself.
   */
  payee?: { accountId: string; feeCents: Cents };
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
  /** A dispute's event (Stripe's charge.dispute.created / closed): the payer's bank took the money back, or decided. */
  dispute?: DisputeSeen;
  /** An account's event (Stripe's `account.updated`): what the account can do now, as of `observedAt`. */
  account?: AccountSeen;
  /** A payout's event (Stripe's payout.paid / payout.failed on a connected account): the account's balance paid to its holder's bank, or not. */
  payout?: { accountId: string } & PayoutSeen;
}

export interface AccountSeen extends AccountCapabilities {
  accountId: string;
  /** Who the account is for, when the provider carries it back (the account's metadata). */
  holder: { kind: AccountHolderKind; id: string } | null;
  observedAt: string;
}

/** A holder's account to open at the provider. */
export interface AccountRequest {
  holderKind: AccountHolderKind;
  holderId: string;
  /** The shop's name and e-mail, filled in on the provider's form for the shopkeeper. */
  businessName: string;
  email: string | null;
  /** The same key opens the same account, however often the shopkeeper presses the button. */
  idempotencyKey: string;
}

/**
 * Connected accounts (Stripe Connect; the sandbox the same way): the provider keeps an account for
 * each shop, onboarded on the provider's hosted page, and reports what it can do by webhook.
 */
export interface ConnectedAccounts {
  /**
   * Opens the holder's account at the provider before its onboarding (Stripe, the sandbox). A
   * provider without it (PayPal: the merchant brings their own account, its id known after the
   * onboarding) finds the account with `findAccount` once the holder is back.
   */
  createAccount?(request: AccountRequest): Promise<{ accountId: string }>;
  /** The holder's account at the provider, found by the holder (PayPal: by the referral's tracking id); null while there is none. */
  findAccount?(holder: { kind: AccountHolderKind; id: string }): Promise<AccountSeen | null>;
  /**
   * The provider's onboarding page for the account (`accountId`, or the holder's when the provider
   * opens it there); it sends the holder back to `returnUrl` (or `refreshUrl` once the link expired).
   */
  onboardingLink(request: Omit<AccountRequest, 'idempotencyKey'> & { accountId: string | null; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  /** What the account can do now, read from the provider; null when the provider tells it only by webhook (the sandbox). */
  readAccount(accountId: string): Promise<AccountSeen | null>;
  /**
   * What the provider holds for the account now, in euro cents (Stripe's balance of a connected
   * account), to reconcile the ledger with; null when the provider keeps no balance of its own (the
   * sandbox: its balance is the ledger).
   */
  readBalance(accountId: string): Promise<{ availableCents: number; pendingCents: number } | null>;
  /**
   * Moves money from the platform's balance to the account (Stripe's transfer: a collaborator's
   * compensation). Asked again with the same key, the provider moves it once and answers the same
   * transfer. Its refusals a person can act on (the platform's balance is short, the account cannot
   * take transfers yet) are DomainErrors in Italian.
   */
  transfer(request: TransferRequest): Promise<{ transferId: string }>;
}

export interface TransferRequest {
  accountId: string;
  amountCents: Cents;
  currency: string;
  description: string;
  /** What it pays, for the provider's records (Stripe's transfer_group and metadata): `assignment-<id>`. */
  group: string;
  idempotencyKey: string;
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
  /** Accounts for the shops, for the providers that keep them (Stripe, the sandbox). */
  readonly accounts?: ConnectedAccounts;
}
