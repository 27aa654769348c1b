import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { packageDecider, packageDefaults, priceAt, type PackageEvent, type PackageFields } from './package.js';

const fields: PackageFields = { ...packageDefaults, name: 'Spedizioni', priceCents: 1990, type: 'shipping', enablesShipping: true, shippingRadius: 15 };
const created: PackageEvent = { type: 'PackageCreated', data: { id: 'p1', fields } };

describe('a package', () => {
  const spec = deciderSpec(packageDecider);

  it('is created once, with the spec’s defaults of 30 days, one month and a 20 % commission', () => {
    spec.given([]).when({ type: 'CreatePackage', id: 'p1', fields }).then([created]);
    spec.given([created]).when({ type: 'CreatePackage', id: 'p1', fields }).thenNothing();
    expect([fields.durationDays, fields.durationMonths, fields.commissionPercentage]).toEqual([30, 1, 20]);
  });

  it('refuses a discount over 100 % and a discount without the end of its promotion', () => {
    spec
      .given([])
      .when({ type: 'CreatePackage', id: 'p1', fields: { ...fields, discountPercentage: 120 } })
      .thenThrows(DomainError, { kind: 'rule' });
    spec
      .given([])
      .when({ type: 'CreatePackage', id: 'p1', fields: { ...fields, isPromotional: true, discountPercentage: 20 } })
      .thenThrows(DomainError, { kind: 'rule', message: 'Indica fino a quando vale la promozione.' });
  });

  it('records only what a change changes', () => {
    spec
      .given([created])
      .when({ type: 'ChangePackage', changes: { name: 'Spedizioni', priceCents: 2490 } })
      .then([{ type: 'PackageChanged', data: { changes: { priceCents: 2490 } } }]);
    spec
      .given([created])
      .when({ type: 'ChangePackage', changes: { name: 'Spedizioni' } })
      .thenNothing();
  });

  it('once bought is archived, never deleted; never bought, it may be deleted', () => {
    spec
      .given([created])
      .when({ type: 'DeletePackage', bought: true })
      .thenThrows(DomainError, { kind: 'conflict', message: 'Questo pacchetto è stato acquistato: non si può eliminare, si archivia.' });
    spec
      .given([created])
      .when({ type: 'DeletePackage', bought: false })
      .then([{ type: 'PackageDeleted', data: {} }]);
    spec
      .given([created])
      .when({ type: 'ArchivePackage' })
      .then([{ type: 'PackageArchived', data: {} }]);
    spec
      .given([created, { type: 'PackageArchived', data: {} }])
      .when({ type: 'ArchivePackage' })
      .thenNothing();
    spec
      .given([created, { type: 'PackageArchived', data: {} }])
      .when({ type: 'ChangePackage', changes: { priceCents: 1 } })
      .thenThrows(DomainError, { kind: 'conflict' });
    spec
      .given([created, { type: 'PackageDeleted', data: {} }])
      .when({ type: 'ArchivePackage' })
      .thenThrows(DomainError, { kind: 'not-found' });
  });
});

describe('the price of the moment', () => {
  const promo = { ...fields, priceCents: 2999, isPromotional: true, discountPercentage: 30, promotionEndDate: '2026-12-01T00:00:00.000Z' };

  it('is the discounted price until the promotion ends, then the list price again', () => {
    expect(priceAt(promo, new Date('2026-11-30T23:59:59.000Z'))).toBe(2099);
    expect(priceAt(promo, new Date('2026-12-01T00:00:00.000Z'))).toBe(2999);
    expect(priceAt({ ...promo, isPromotional: false }, new Date('2026-11-01T00:00:00.000Z'))).toBe(2999);
  });
});

describe('a package’s bounds (issue [16])', () => {
  it('refuses a promotion ending at a time the read model cannot store', () => {
    deciderSpec(packageDecider)
      .given([created])
      .when({ type: 'ChangePackage', changes: { isPromotional: true, discountPercentage: 20, promotionEndDate: '+010000-01-01T00:00:00.000Z' } })
      .thenThrows(DomainError, { kind: 'rule', message: 'Fine della promozione: data e ora non valide.' });
  });
});
