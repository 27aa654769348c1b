import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { TIME_RANGE_YEARS } from '../../platform/domain/limits.js';

/*
 * A shop's payment accounts (issue [20]): the account each provider keeps for the shop, through
 * which a customer's money goes to the shop directly and the platform's commission is taken on the
 * way (a destination charge with an application fee). One stream per holder, one account per
 * provider: Stripe's connected account (acct_…, Express, onboarded on Stripe's hosted page), and
 * the built-in test payments' own (sbxacct_…, onboarded on the app's test page), which behaves the
 * same way. Collaborators join as holders of their own kind.
 *
 * What an account can do is the provider's word (Stripe's `account.updated`, or the account read
 * back when the shopkeeper returns from onboarding): each word carries when the provider said it,
 * so a word older than the one applied (webhooks out of order) changes nothing, and the same word
 * again (a webhook delivered twice) changes nothing either.
 */

export const accountHolderKinds = ['store', 'collaborator'] as const;
export type AccountHolderKind = (typeof accountHolderKinds)[number];

/**
 * The providers that keep accounts for shops: Stripe's connected accounts, the test payments' own,
 * and PayPal's merchants onboarded through its partner referrals (the shop's own PayPal business
 * account, its merchant id known once the shopkeeper comes back from PayPal).
 */
export const accountProviders = ['stripe', 'sandbox', 'paypal'] as const;
export type AccountProvider = (typeof accountProviders)[number];

export const paymentAccountStreamId = (kind: AccountHolderKind, holderId: string): string => `payment-account-${kind}-${holderId}`;

/** What the provider says an account can do now. */
export interface AccountCapabilities {
  /** It can take customers' payments (Stripe's charges_enabled). */
  chargesEnabled: boolean;
  /** The provider pays its balance out to the holder's bank (payouts_enabled). */
  payoutsEnabled: boolean;
  /** The holder finished the provider's onboarding form (details_submitted). */
  detailsSubmitted: boolean;
  /** What the provider still needs, in its own names (requirements.currently_due, past_due). */
  missing: string[];
  /** What the provider is checking (requirements.pending_verification). */
  pendingVerification: string[];
  /** Why the account is off, in the provider's words (requirements.disabled_reason), if it is. */
  disabledReason: string | null;
}

export interface AccountStatusSeen extends AccountCapabilities {
  /** When the provider said it (the webhook event's `created`, or the moment it was read back). */
  observedAt: string;
  /** The provider's event id, when a webhook said it. */
  providerEventId: string | null;
}

/** The most a single payout may carry, in cents (a billion euros): more is no provider's word. */
export const MAX_PAYOUT_CENTS = 100_000_000_000;

/** A payout of the account's balance to the holder's bank, as the provider reports it (Stripe's payout.paid / payout.failed). */
export interface PayoutSeen {
  payoutId: string;
  amountCents: number;
  status: 'paid' | 'failed';
  /** The day the money is due at the bank (YYYY-MM-DD). */
  arrivalDate: string;
  /** Why it failed, in the provider's words (Stripe's failure_code, failure_message). */
  failureCode: string | null;
  failureMessage: string | null;
  providerEventId: string | null;
}

export type PaymentAccountCommand =
  | { type: 'ConnectAccount'; holderKind: AccountHolderKind; holderId: string; provider: AccountProvider; accountId: string }
  | { type: 'ApplyAccountStatus'; provider: AccountProvider; accountId: string; status: AccountStatusSeen }
  | { type: 'ApplyPayout'; provider: AccountProvider; accountId: string; payout: PayoutSeen };

interface PayoutData {
  provider: AccountProvider;
  accountId: string;
  payoutId: string;
  amountCents: number;
  arrivalDate: string;
  providerEventId: string | null;
}

export type PaymentAccountEvent =
  | DomainEvent<'PaymentAccountConnected', { holderKind: AccountHolderKind; holderId: string; provider: AccountProvider; accountId: string }>
  | DomainEvent<'PaymentAccountUpdated', { provider: AccountProvider; accountId: string } & AccountStatusSeen>
  | DomainEvent<'PaymentAccountPayoutPaid', PayoutData>
  /** `wasPaid`: the payout had been reported paid, and the money came back to the account's balance. */
  | DomainEvent<'PaymentAccountPayoutFailed', PayoutData & { failureCode: string | null; failureMessage: string | null; wasPaid: boolean }>;

export interface ProviderAccount extends AccountCapabilities {
  accountId: string;
  /** When the status applied was said; null until the provider said anything. */
  observedAt: string | null;
  seenEvents: ReadonlySet<string>;
  /** The payouts reported, by the provider's id: paid, or failed (a failed one stays failed). */
  seenPayouts: ReadonlyMap<string, 'paid' | 'failed'>;
}

export interface PaymentAccountState {
  holder: { kind: AccountHolderKind; id: string } | null;
  accounts: Readonly<Partial<Record<AccountProvider, ProviderAccount>>>;
}

const conflict = (message: string) => new DomainError(message, 'conflict');
const accountIdPattern: Record<AccountProvider, RegExp> = { stripe: /^acct_[A-Za-z0-9]{1,60}$/, sandbox: /^sbxacct_[A-Za-z0-9-]{1,80}$/, paypal: /^[A-Z0-9]{8,20}$/ };
/** An account id as the provider writes it (acct_…, sbxacct_…). */
export const isAccountIdOf = (provider: AccountProvider, accountId: string): boolean =>
  (accountProviders as readonly string[]).includes(provider) && accountIdPattern[provider].test(accountId);
const namesPattern = /^[\w.\-[\]]{1,200}$/;

/** A time the read model's timestamptz reads back as written (limits.ts): ISO 8601, within TIME_RANGE_YEARS. */
const isReadableTime = (time: string): boolean => {
  const year = typeof time === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(time) ? new Date(time).getUTCFullYear() : NaN;
  return year >= TIME_RANGE_YEARS.from && year <= TIME_RANGE_YEARS.to;
};

/** The same capabilities, field by field. */
const sameCapabilities = (a: AccountCapabilities, b: AccountCapabilities): boolean =>
  a.chargesEnabled === b.chargesEnabled &&
  a.payoutsEnabled === b.payoutsEnabled &&
  a.detailsSubmitted === b.detailsSubmitted &&
  a.disabledReason === b.disabledReason &&
  a.missing.join('\n') === b.missing.join('\n') &&
  a.pendingVerification.join('\n') === b.pendingVerification.join('\n');

const nothingYet: AccountCapabilities = { chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false, missing: [], pendingVerification: [], disabledReason: null };

export const paymentAccountDecider: Decider<PaymentAccountCommand, PaymentAccountEvent, PaymentAccountState> = {
  initialState: { holder: null, accounts: {} },
  decide(command, state) {
    if (!isAccountIdOf(command.provider, command.accountId)) {
      throw new DomainError('Il fornitore dei pagamenti ha indicato un conto che non è dei suoi.', 'invalid');
    }
    const account = state.accounts[command.provider];
    if (command.type === 'ConnectAccount') {
      if (account?.accountId === command.accountId) return [];
      if (account) throw conflict('Questo negozio ha già un conto presso questo fornitore di pagamenti.');
      const { holderKind, holderId, provider, accountId } = command;
      return [{ type: 'PaymentAccountConnected', data: { holderKind, holderId, provider, accountId } }];
    }
    // A word about another account (one this holder never had) is no word about this holder's.
    if (!account || account.accountId !== command.accountId) throw new DomainError('Conto di pagamento non trovato.', 'not-found');
    if (command.type === 'ApplyPayout') return decidePayout(command.provider, command.accountId, command.payout, account);
    const { status } = command;
    if (!isReadableTime(status.observedAt)) throw new DomainError('Il fornitore dei pagamenti ha indicato una data non valida.', 'invalid');
    if ([...status.missing, ...status.pendingVerification].some((name) => !namesPattern.test(name)) || status.missing.length + status.pendingVerification.length > 200) {
      throw new DomainError('Il fornitore dei pagamenti ha indicato requisiti non leggibili.', 'invalid');
    }
    if (status.disabledReason !== null && !namesPattern.test(status.disabledReason))
      throw new DomainError('Il fornitore dei pagamenti ha indicato un motivo non leggibile.', 'invalid');
    if (status.providerEventId !== null && account.seenEvents.has(status.providerEventId)) return [];
    // An older word than the one applied (a webhook overtaken by a later one) is history already.
    if (account.observedAt !== null && Date.parse(status.observedAt) < Date.parse(account.observedAt)) return [];
    if (account.observedAt !== null && sameCapabilities(account, status)) return [];
    return [{ type: 'PaymentAccountUpdated', data: { provider: command.provider, accountId: command.accountId, ...status } }];
  },
  evolve(state, event) {
    const { provider } = event.data;
    if (event.type === 'PaymentAccountConnected') {
      const { holderKind, holderId, accountId } = event.data;
      return {
        holder: state.holder ?? { kind: holderKind, id: holderId },
        accounts: { ...state.accounts, [provider]: { accountId, ...nothingYet, observedAt: null, seenEvents: new Set(), seenPayouts: new Map() } },
      };
    }
    const account = state.accounts[provider];
    if (!account) return state;
    if (event.type === 'PaymentAccountPayoutPaid' || event.type === 'PaymentAccountPayoutFailed') {
      const seenPayouts = new Map(account.seenPayouts).set(event.data.payoutId, event.type === 'PaymentAccountPayoutPaid' ? 'paid' : 'failed');
      return { ...state, accounts: { ...state.accounts, [provider]: { ...account, seenPayouts } } };
    }
    const { providerEventId, observedAt, chargesEnabled, payoutsEnabled, detailsSubmitted, missing, pendingVerification, disabledReason } = event.data;
    const seenEvents = providerEventId ? new Set([...account.seenEvents, providerEventId]) : account.seenEvents;
    return {
      ...state,
      accounts: {
        ...state.accounts,
        [provider]: { ...account, chargesEnabled, payoutsEnabled, detailsSubmitted, missing, pendingVerification, disabledReason, observedAt, seenEvents },
      },
    };
  },
};

/** A day of the calendar (YYYY-MM-DD, 30 February is none) the read model's date stores, within TIME_RANGE_YEARS. */
const isCalendarDay = (day: string): boolean =>
  typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) && isReadableTime(`${day}T00:00:00.000Z`) && new Date(`${day}T00:00:00.000Z`).toISOString().startsWith(day);

const payoutIdPattern = /^[A-Za-z0-9_-]{1,120}$/;
const failureTextMax = 500;

/**
 * A payout's news: paid once (a payout reported again, or after it failed, changes nothing);
 * failed once, whether it was reported paid before (Stripe may fail a payout it said paid: the
 * money comes back to the balance) or never (nothing had left; the admin is told all the same).
 */
function decidePayout(provider: AccountProvider, accountId: string, payout: PayoutSeen, account: ProviderAccount): PaymentAccountEvent[] {
  const { payoutId, amountCents, status, arrivalDate, failureCode, failureMessage, providerEventId } = payout;
  if (!payoutIdPattern.test(payoutId)) throw new DomainError('Il fornitore dei pagamenti ha indicato un bonifico non leggibile.', 'invalid');
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || amountCents > MAX_PAYOUT_CENTS) {
    throw new DomainError('Il fornitore dei pagamenti ha indicato un importo del bonifico non valido.', 'invalid');
  }
  if (!isCalendarDay(arrivalDate)) {
    throw new DomainError('Il fornitore dei pagamenti ha indicato una data non valida.', 'invalid');
  }
  if ((failureCode !== null && !namesPattern.test(failureCode)) || (failureMessage !== null && failureMessage.length > failureTextMax)) {
    throw new DomainError('Il fornitore dei pagamenti ha indicato un motivo non leggibile.', 'invalid');
  }
  const known = account.seenPayouts.get(payoutId);
  const data = { provider, accountId, payoutId, amountCents, arrivalDate, providerEventId };
  if (status === 'paid') return known ? [] : [{ type: 'PaymentAccountPayoutPaid', data }];
  if (known === 'failed') return [];
  return [{ type: 'PaymentAccountPayoutFailed', data: { ...data, failureCode, failureMessage, wasPaid: known === 'paid' } }];
}

/** An account's state in one word, as the shop's settings, the collaborator's «Guadagni» and the admin show it. */
export const accountStatuses = ['details_missing', 'verification_pending', 'enabled', 'restricted'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

export function accountStatusOf(account: AccountCapabilities, kind: AccountHolderKind = 'store'): AccountStatus {
  // A collaborator's account takes no customers' payments: it receives the platform's transfers and pays them out.
  if (kind === 'collaborator' && account.payoutsEnabled) return 'enabled';
  if (account.chargesEnabled) return account.payoutsEnabled ? 'enabled' : 'restricted';
  if (account.disabledReason !== null && !account.disabledReason.startsWith('requirements.')) return 'restricted';
  if (account.missing.length > 0 || !account.detailsSubmitted) return 'details_missing';
  return 'verification_pending';
}
