import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { sellerDecider, sellerStreamId } from './seller.js';
import { storeSellersProjection } from './seller-projection.js';

describe('store sellers projection', () => {
  const spec = useProjection(storeSellersProjection);
  const log = new EventLog('2026-12-02T10:00:00.000Z');

  it('keeps each shop’s declaration and its check; a new declaration is to check again', async () => {
    const [checked, redeclared] = [randomUUID(), randomUUID()];
    const now = new Date('2026-12-02T10:00:00.000Z');
    const later = new Date('2026-12-03T10:00:00.000Z');
    await spec.apply([
      ...log.decide(sellerStreamId(checked), sellerDecider, { type: 'DeclareSeller', storeId: checked, sellerType: 'trader', vatNumber: '01234567897', now }),
      ...log.decide(sellerStreamId(checked), sellerDecider, { type: 'VerifySeller', now: later }),
      ...log.decide(sellerStreamId(redeclared), sellerDecider, { type: 'DeclareSeller', storeId: redeclared, sellerType: 'trader', vatNumber: '01234567897', now }),
      ...log.decide(sellerStreamId(redeclared), sellerDecider, { type: 'RefuseSeller', reason: 'Ditta cessata', now }),
      ...log.decide(sellerStreamId(redeclared), sellerDecider, { type: 'DeclareSeller', storeId: redeclared, sellerType: 'private', vatNumber: null, now: later }),
    ]);
    const rows = await spec.rows('SELECT store_id, seller_type, vat_number, status, reason, declared_at, checked_at FROM store_sellers');
    expect(rows).toEqual(
      expect.arrayContaining([
        { store_id: checked, seller_type: 'trader', vat_number: '01234567897', status: 'verified', reason: null, declared_at: now, checked_at: later },
        { store_id: redeclared, seller_type: 'private', vat_number: null, status: 'declared', reason: null, declared_at: later, checked_at: null },
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});
