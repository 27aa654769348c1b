import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import type { Cents } from '../../platform/domain/money.js';
import type { PackageType } from './package.js';

/** One stream a user: all their purchases, so a renewal sees the plan it extends. */
export const userPackagesStreamId = (userId: string): string => `user-packages-${userId}`;

const dayMs = 24 * 60 * 60 * 1000;

/** The notices before the end (spec: 7 days and 1 day before), and the one at the end. */
export const expiryNotices = [
  { notice: '7d', before: 7 * dayMs },
  { notice: '1d', before: dayMs },
] as const;
export type ExpiryNotice = (typeof expiryNotices)[number]['notice'];

/** What a package gives while active, copied at purchase: a later change of the catalogue does not touch what was paid for. */
export interface PackageTerms {
  packageId: string;
  name: string;
  type: PackageType;
  durationDays: number;
  enablesShipping: boolean;
  shippingRadius: number | null;
  enablesOnlinePayments: boolean;
  enablesStripePayments: boolean;
  enablesPayPalPayments: boolean;
  enablesPriceComparison: boolean;
}

export interface Purchase {
  userPackageId: string;
  transactionId: string;
  terms: PackageTerms;
  expiresAt: string;
  isActive: boolean;
  notices: ExpiryNotice[];
}

export type EntitlementCommand =
  | {
      type: 'ActivatePackage';
      userPackageId: string;
      userId: string;
      terms: PackageTerms;
      transactionId: string;
      amountCents: Cents;
      paymentMethod: string;
      now: Date;
    }
  | { type: 'NoticeExpiry'; userPackageId: string; now: Date }
  | { type: 'ExpirePackage'; userPackageId: string; now: Date };

export type EntitlementEvent =
  | DomainEvent<
      'PackageActivated',
      {
        userPackageId: string;
        userId: string;
        terms: PackageTerms;
        transactionId: string;
        amountCents: Cents;
        paymentMethod: string;
        purchaseDate: string;
        expiresAt: string;
        /** The purchase this one extends (bought again before it ended), which it replaces. */
        renews: string | null;
      }
    >
  | DomainEvent<'PackageExpiryNoticed', { userPackageId: string; userId: string; packageName: string; notice: ExpiryNotice; expiresAt: string }>
  | DomainEvent<'PackageExpired', { userPackageId: string; userId: string; terms: PackageTerms; expiresAt: string }>;

export interface EntitlementState {
  userId: string;
  purchases: Purchase[];
}

/** The purchase in force of a package at `now`, if any. */
export const activePurchaseOf = (state: EntitlementState, packageId: string, now: Date): Purchase | undefined =>
  state.purchases.find((p) => p.isActive && p.terms.packageId === packageId && new Date(p.expiresAt).getTime() > now.getTime());

export const entitlementDecider: Decider<EntitlementCommand, EntitlementEvent, EntitlementState> = {
  initialState: { userId: '', purchases: [] },

  decide(command, state) {
    if (command.type === 'ActivatePackage') {
      // A payment confirmed twice activates once.
      if (state.purchases.some((p) => p.transactionId === command.transactionId)) return [];
      const running = activePurchaseOf(state, command.terms.packageId, command.now);
      const from = running ? new Date(running.expiresAt) : command.now;
      const expiresAt = new Date(from.getTime() + command.terms.durationDays * dayMs);
      return [
        {
          type: 'PackageActivated',
          data: {
            userPackageId: command.userPackageId,
            userId: command.userId,
            terms: command.terms,
            transactionId: command.transactionId,
            amountCents: command.amountCents,
            paymentMethod: command.paymentMethod,
            purchaseDate: command.now.toISOString(),
            expiresAt: expiresAt.toISOString(),
            renews: running?.userPackageId ?? null,
          },
        },
      ];
    }
    const purchase = state.purchases.find((p) => p.userPackageId === command.userPackageId);
    if (!purchase || !purchase.isActive) return [];
    const left = new Date(purchase.expiresAt).getTime() - command.now.getTime();
    if (command.type === 'ExpirePackage') {
      if (left > 0) return [];
      return [{ type: 'PackageExpired', data: { userPackageId: purchase.userPackageId, userId: state.userId, terms: purchase.terms, expiresAt: purchase.expiresAt } }];
    }
    // The closest notice now due, once: a job that ran late does not send the 7-day notice the day before.
    if (left <= 0) return [];
    const due = expiryNotices.filter((n) => left <= n.before);
    const notice = due[due.length - 1];
    if (!notice || purchase.notices.includes(notice.notice)) return [];
    return [
      {
        type: 'PackageExpiryNoticed',
        data: { userPackageId: purchase.userPackageId, userId: state.userId, packageName: purchase.terms.name, notice: notice.notice, expiresAt: purchase.expiresAt },
      },
    ];
  },

  evolve(state, event) {
    switch (event.type) {
      case 'PackageActivated': {
        const d = event.data;
        const purchases = state.purchases.map((p) => (p.userPackageId === d.renews ? { ...p, isActive: false } : p));
        return {
          userId: d.userId,
          purchases: [...purchases, { userPackageId: d.userPackageId, transactionId: d.transactionId, terms: d.terms, expiresAt: d.expiresAt, isActive: true, notices: [] }],
        };
      }
      case 'PackageExpiryNoticed':
        return {
          ...state,
          purchases: state.purchases.map((p) => (p.userPackageId === event.data.userPackageId ? { ...p, notices: [...p.notices, event.data.notice] } : p)),
        };
      case 'PackageExpired':
        return { ...state, purchases: state.purchases.map((p) => (p.userPackageId === event.data.userPackageId ? { ...p, isActive: false } : p)) };
      default:
        return state;
    }
  },
};
