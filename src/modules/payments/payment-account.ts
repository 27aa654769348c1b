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

/** The providers that keep accounts for shops. PayPal's onboarding (partner referrals) is still to come. */
export const accountProviders = ['stripe', 'sandbox'] as const;
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

export type PaymentAccountCommand =
  | { type: 'ConnectAccount'; holderKind: AccountHolderKind; holderId: string; provider: AccountProvider; accountId: string }
  | { type: 'ApplyAccountStatus'; provider: AccountProvider; accountId: string; status: AccountStatusSeen };

export type PaymentAccountEvent =
  | DomainEvent<'PaymentAccountConnected', { holderKind: AccountHolderKind; holderId: string; provider: AccountProvider; accountId: string }>
  | DomainEvent<'PaymentAccountUpdated', { provider: AccountProvider; accountId: string } & AccountStatusSeen>;

export interface ProviderAccount extends AccountCapabilities {
  accountId: string;
  /** When the status applied was said; null until the provider said anything. */
  observedAt: string | null;
  seenEvents: ReadonlySet<string>;
}

export interface PaymentAccountState {
  holder: { kind: AccountHolderKind; id: string } | null;
  accounts: Readonly<Partial<Record<AccountProvider, ProviderAccount>>>;
}

const conflict = (message: string) => new DomainError(message, 'conflict');
const accountIdPattern: Record<AccountProvider, RegExp> = { stripe: /^acct_[A-Za-z0-9]{1,60}$/, sandbox: /^sbxacct_[A-Za-z0-9-]{1,80}$/ };
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
    if (!accountIdPattern[command.provider].test(command.accountId)) {
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
        accounts: { ...state.accounts, [provider]: { accountId, ...nothingYet, observedAt: null, seenEvents: new Set() } },
      };
    }
    const account = state.accounts[provider];
    if (!account) return state;
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

/** An account's state in one word, as the shop's settings and the admin show it. */
export const accountStatuses = ['details_missing', 'verification_pending', 'enabled', 'restricted'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

export function accountStatusOf(account: AccountCapabilities): AccountStatus {
  if (account.chargesEnabled) return account.payoutsEnabled ? 'enabled' : 'restricted';
  if (account.disabledReason !== null && !account.disabledReason.startsWith('requirements.')) return 'restricted';
  if (account.missing.length > 0 || !account.detailsSubmitted) return 'details_missing';
  return 'verification_pending';
}
