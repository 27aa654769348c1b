import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { entitlementDecider, type EntitlementEvent, type PackageTerms } from './entitlement.js';

const terms: PackageTerms = {
  packageId: 'pkg-premium',
  name: 'Premium',
  type: 'premium',
  durationDays: 30,
  enablesShipping: true,
  shippingRadius: 20,
  enablesOnlinePayments: true,
  enablesStripePayments: true,
  enablesPayPalPayments: true,
  enablesPriceComparison: true,
};
const bought = new Date('2026-11-01T10:00:00.000Z');
const activate = (transactionId: string, now: Date, userPackageId = transactionId) =>
  ({ type: 'ActivatePackage', userPackageId, userId: 'u1', terms, transactionId, amountCents: 2999, paymentMethod: 'sandbox', now }) as const;
const activated = (userPackageId: string, purchaseDate: string, expiresAt: string, renews: string | null = null): EntitlementEvent => ({
  type: 'PackageActivated',
  data: { userPackageId, userId: 'u1', terms, transactionId: userPackageId, amountCents: 2999, paymentMethod: 'sandbox', purchaseDate, expiresAt, renews },
});
const first = activated('t1', '2026-11-01T10:00:00.000Z', '2026-12-01T10:00:00.000Z');

describe('a user’s packages', () => {
  const spec = deciderSpec(entitlementDecider);

  it('are active for durationDays from the purchase, once a transaction', () => {
    spec.given([]).when(activate('t1', bought)).then([first]);
    spec.given([first]).when(activate('t1', bought)).thenNothing();
  });

  it('bought again before the end extend from the current expiry; after the end start again', () => {
    spec
      .given([first])
      .when(activate('t2', new Date('2026-11-25T00:00:00.000Z')))
      .then([activated('t2', '2026-11-25T00:00:00.000Z', '2026-12-31T10:00:00.000Z', 't1')]);
    const expired: EntitlementEvent = { type: 'PackageExpired', data: { userPackageId: 't1', userId: 'u1', terms, expiresAt: '2026-12-01T10:00:00.000Z' } };
    spec
      .given([first, expired])
      .when(activate('t2', new Date('2026-12-05T00:00:00.000Z')))
      .then([activated('t2', '2026-12-05T00:00:00.000Z', '2027-01-04T00:00:00.000Z')]);
  });

  it('tell their owner 7 days and 1 day before the end, each once, then expire at the end', () => {
    const notice = (n: '7d' | '1d'): EntitlementEvent => ({
      type: 'PackageExpiryNoticed',
      data: { userPackageId: 't1', userId: 'u1', packageName: 'Premium', notice: n, expiresAt: '2026-12-01T10:00:00.000Z' },
    });
    const at = (iso: string) => new Date(iso);
    spec
      .given([first])
      .when({ type: 'NoticeExpiry', userPackageId: 't1', now: at('2026-11-20T10:00:00.000Z') })
      .thenNothing();
    spec
      .given([first])
      .when({ type: 'NoticeExpiry', userPackageId: 't1', now: at('2026-11-24T10:00:00.000Z') })
      .then([notice('7d')]);
    spec
      .given([first, notice('7d')])
      .when({ type: 'NoticeExpiry', userPackageId: 't1', now: at('2026-11-25T10:00:00.000Z') })
      .thenNothing();
    spec
      .given([first, notice('7d')])
      .when({ type: 'NoticeExpiry', userPackageId: 't1', now: at('2026-11-30T10:00:00.000Z') })
      .then([notice('1d')]);
    spec
      .given([first])
      .when({ type: 'ExpirePackage', userPackageId: 't1', now: at('2026-12-01T09:59:59.000Z') })
      .thenNothing();
    const expired: EntitlementEvent = { type: 'PackageExpired', data: { userPackageId: 't1', userId: 'u1', terms, expiresAt: '2026-12-01T10:00:00.000Z' } };
    spec
      .given([first])
      .when({ type: 'ExpirePackage', userPackageId: 't1', now: at('2026-12-01T10:00:00.000Z') })
      .then([expired]);
    spec
      .given([first, expired])
      .when({ type: 'ExpirePackage', userPackageId: 't1', now: at('2026-12-02T10:00:00.000Z') })
      .thenNothing();
  });

  it('are taken back once when their payment is refunded; a renewal taken back gives the purchase it replaced its own period again', () => {
    const deactivate = (transactionId: string, now: Date) => ({ type: 'DeactivatePackage', transactionId, reason: 'Acquisto rimborsato', now }) as const;
    const deactivated = (userPackageId: string, restores: string | null = null): EntitlementEvent => ({
      type: 'PackageDeactivated',
      data: { userPackageId, userId: 'u1', terms, transactionId: userPackageId, reason: 'Acquisto rimborsato', restores },
    });
    spec
      .given([first])
      .when(deactivate('t1', new Date('2026-11-10T00:00:00.000Z')))
      .then([deactivated('t1')]);
    spec
      .given([first, deactivated('t1')])
      .when(deactivate('t1', new Date('2026-11-11T00:00:00.000Z')))
      .thenNothing();
    spec
      .given([first])
      .when(deactivate('unknown', new Date('2026-11-10T00:00:00.000Z')))
      .thenNothing();
    // Taken back, it neither expires nor is noticed any more.
    spec
      .given([first, deactivated('t1')])
      .when({ type: 'ExpirePackage', userPackageId: 't1', now: new Date('2026-12-02T00:00:00.000Z') })
      .thenNothing();

    const renewal = activated('t2', '2026-11-25T00:00:00.000Z', '2026-12-31T10:00:00.000Z', 't1');
    spec
      .given([first, renewal])
      .when(deactivate('t2', new Date('2026-11-26T00:00:00.000Z')))
      .then([deactivated('t2', 't1')]);
    spec
      .given([first, renewal, deactivated('t2', 't1')])
      .when({ type: 'ExpirePackage', userPackageId: 't1', now: new Date('2026-12-01T10:00:00.000Z') })
      .then([{ type: 'PackageExpired', data: { userPackageId: 't1', userId: 'u1', terms, expiresAt: '2026-12-01T10:00:00.000Z' } }]);
    // Past the replaced purchase's own end, nothing comes back.
    spec
      .given([first, renewal])
      .when(deactivate('t2', new Date('2026-12-05T00:00:00.000Z')))
      .then([deactivated('t2')]);
  });
});

describe('a plan’s activation (issue [16])', () => {
  const spec = deciderSpec(entitlementDecider);
  it('refuses an amount that is no whole cents and a duration the read model cannot hold', () => {
    spec
      .given([])
      .when({ ...activate('t1', bought), amountCents: 5e-324 })
      .thenThrows(DomainError, { kind: 'rule', message: 'Importo pagato: un importo da € 0,00 a € 1.000.000,00, al centesimo.' });
    spec
      .given([])
      .when({ ...activate('t1', bought), terms: { ...terms, durationDays: 1e9 } })
      .thenThrows(DomainError, { kind: 'rule', message: 'Durata (giorni): un numero intero da 1 a 3660.' });
    spec
      .given([])
      .when({ ...activate('t1', bought), terms: { ...terms, maxFreeShippingOrders: 0.5 } })
      .thenThrows(DomainError, { kind: 'rule' });
  });
});
