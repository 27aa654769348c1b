import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { entitlementDecider, userPackagesStreamId, type PackageTerms } from './entitlement.js';
import { packageDecider, packageDefaults, packageStreamId } from './package.js';
import { packagesProjection, userPackagesProjection } from './projection.js';

describe('packages projection', () => {
  const spec = useProjection(packagesProjection);
  const log = new EventLog('2026-06-10T08:00:00.000Z');

  it('keeps every field of a package, its changes and its archiving; a deleted one leaves', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const fields = { ...packageDefaults, name: 'Premium', priceCents: 2990, type: 'premium' as const, features: ['Spedizioni'], enablesShipping: true, shippingRadius: 30 };
    await spec.apply([
      ...log.decide(packageStreamId(a), packageDecider, { type: 'CreatePackage', id: a, fields }),
      ...log.decide(packageStreamId(b), packageDecider, { type: 'CreatePackage', id: b, fields: { ...fields, name: 'Prova' } }),
      ...log.decide(packageStreamId(a), packageDecider, {
        type: 'ChangePackage',
        changes: { priceCents: 2490, isPromotional: true, discountPercentage: 10, promotionEndDate: '2026-07-01T00:00:00.000Z' },
      }),
      ...log.decide(packageStreamId(a), packageDecider, { type: 'ArchivePackage' }),
      ...log.decide(packageStreamId(b), packageDecider, { type: 'DeletePackage', bought: false }),
    ]);
    expect(
      await spec.rows(
        'SELECT id, name, price_cents, features, shipping_radius, discount_percentage, promotion_end_date, duration_days, commission_percentage, status FROM packages',
      ),
    ).toEqual([
      {
        id: a,
        name: 'Premium',
        price_cents: 2490,
        features: ['Spedizioni'],
        shipping_radius: 30,
        discount_percentage: 10,
        promotion_end_date: new Date('2026-07-01T00:00:00.000Z'),
        duration_days: 30,
        commission_percentage: 20,
        status: 'archived',
      },
    ]);
  });
});

describe('user-packages projection', () => {
  const spec = useProjection(userPackagesProjection);
  const log = new EventLog('2026-06-10T08:00:00.000Z');
  const terms: PackageTerms = {
    packageId: randomUUID(),
    name: 'Spedizioni',
    type: 'shipping',
    durationDays: 30,
    enablesShipping: true,
    shippingRadius: 15,
    enablesOnlinePayments: false,
    enablesStripePayments: false,
    enablesPayPalPayments: false,
    enablesPriceComparison: false,
  };

  it('keeps each purchase, the one renewed inactive, the notices sent and the expiry', async () => {
    const userId = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    const stream = userPackagesStreamId(userId);
    const activate = (userPackageId: string, now: string) =>
      log.decide(stream, entitlementDecider, {
        type: 'ActivatePackage',
        userPackageId,
        userId,
        terms,
        transactionId: userPackageId,
        amountCents: 1490,
        paymentMethod: 'sandbox',
        now: new Date(now),
      });
    await spec.apply([
      ...activate(first, '2026-06-10T08:00:00.000Z'),
      ...activate(second, '2026-07-01T08:00:00.000Z'),
      ...log.decide(stream, entitlementDecider, { type: 'NoticeExpiry', userPackageId: second, now: new Date('2026-08-02T08:00:00.000Z') }),
      ...log.decide(stream, entitlementDecider, { type: 'ExpirePackage', userPackageId: second, now: new Date('2026-08-09T08:00:00.000Z') }),
    ]);
    expect(await spec.rows('SELECT id, purchase_date, expires_at, is_active, amount_cents, notices FROM user_packages ORDER BY purchase_date')).toEqual([
      { id: first, purchase_date: new Date('2026-06-10T08:00:00.000Z'), expires_at: new Date('2026-07-10T08:00:00.000Z'), is_active: false, amount_cents: 1490, notices: [] },
      { id: second, purchase_date: new Date('2026-07-01T08:00:00.000Z'), expires_at: new Date('2026-08-09T08:00:00.000Z'), is_active: false, amount_cents: 1490, notices: ['7d'] },
    ]);
  });
});
