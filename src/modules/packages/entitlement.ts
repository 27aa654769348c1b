import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { checkAmount, checkInteger, MAX_ORDER_TOTAL_CENTS } from '../../platform/domain/limits.js';
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
  /** How many orders of a plan's period ship free (the shop's threshold reached); null: no limit. Absent in purchases made before the limit existed. */
  maxFreeShippingOrders?: number | null;
}

export interface Purchase {
  userPackageId: string;
  transactionId: string;
  terms: PackageTerms;
  expiresAt: string;
  isActive: boolean;
  notices: ExpiryNotice[];
  /** The purchase this one extended and replaced: back in force if this one is taken back. */
  renews: string | null;
  /** Why it was taken back before its end (a refund); null while it was not. */
  deactivatedBecause: string | null;
}

/** A purchase as its payment tells it: what activating it asks and what its activation records. */
interface PaidPurchase {
  userPackageId: string;
  userId: string;
  terms: PackageTerms;
  transactionId: string;
  amountCents: Cents;
  paymentMethod: string;
}

export type EntitlementCommand =
  | ({ type: 'ActivatePackage'; now: Date } & PaidPurchase)
  | { type: 'NoticeExpiry'; userPackageId: string; now: Date }
  | { type: 'ExpirePackage'; userPackageId: string; now: Date }
  /** The purchase paid by `transactionId` is taken back (its payment refunded): it ends now, whatever its expiry. */
  | { type: 'DeactivatePackage'; transactionId: string; reason: string; now: Date };

export type EntitlementEvent =
  | DomainEvent<
      'PackageActivated',
      PaidPurchase & {
        purchaseDate: string;
        expiresAt: string;
        /** The purchase this one extends (bought again before it ended), which it replaces. */
        renews: string | null;
      }
    >
  | DomainEvent<'PackageExpiryNoticed', { userPackageId: string; userId: string; packageName: string; notice: ExpiryNotice; expiresAt: string }>
  | DomainEvent<'PackageExpired', { userPackageId: string; userId: string; terms: PackageTerms; expiresAt: string }>
  | DomainEvent<
      'PackageDeactivated',
      {
        userPackageId: string;
        userId: string;
        terms: PackageTerms;
        transactionId: string;
        reason: string;
        /** The purchase it had replaced, still within its own period: in force again. */
        restores: string | null;
      }
    >;

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
      checkAmount('amount', 'Importo pagato', command.amountCents, { max: MAX_ORDER_TOTAL_CENTS });
      checkInteger('durationDays', 'Durata (giorni)', command.terms.durationDays, { min: 1, max: 3660 });
      if (command.terms.maxFreeShippingOrders != null)
        checkInteger('maxFreeShippingOrders', 'Ordini con spedizione gratuita', command.terms.maxFreeShippingOrders, { min: 0, max: 1_000_000 });
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
    if (command.type === 'DeactivatePackage') {
      const taken = state.purchases.find((p) => p.transactionId === command.transactionId);
      // Once: a refund seen again (another process, a restart) takes nothing more back.
      if (!taken || taken.deactivatedBecause !== null) return [];
      const renewed = taken.isActive ? state.purchases.find((p) => p.userPackageId === taken.renews) : undefined;
      const restores = renewed && renewed.deactivatedBecause === null && new Date(renewed.expiresAt).getTime() > command.now.getTime() ? renewed.userPackageId : null;
      return [
        {
          type: 'PackageDeactivated',
          data: { userPackageId: taken.userPackageId, userId: state.userId, terms: taken.terms, transactionId: taken.transactionId, reason: command.reason, restores },
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
          purchases: [
            ...purchases,
            {
              userPackageId: d.userPackageId,
              transactionId: d.transactionId,
              terms: d.terms,
              expiresAt: d.expiresAt,
              isActive: true,
              notices: [],
              renews: d.renews,
              deactivatedBecause: null,
            },
          ],
        };
      }
      case 'PackageExpiryNoticed':
        return {
          ...state,
          purchases: state.purchases.map((p) => (p.userPackageId === event.data.userPackageId ? { ...p, notices: [...p.notices, event.data.notice] } : p)),
        };
      case 'PackageExpired':
        return { ...state, purchases: state.purchases.map((p) => (p.userPackageId === event.data.userPackageId ? { ...p, isActive: false } : p)) };
      case 'PackageDeactivated': {
        const d = event.data;
        return {
          ...state,
          purchases: state.purchases.map((p) =>
            p.userPackageId === d.userPackageId ? { ...p, isActive: false, deactivatedBecause: d.reason } : p.userPackageId === d.restores ? { ...p, isActive: true } : p,
          ),
        };
      }
      default:
        return state;
    }
  },
};
