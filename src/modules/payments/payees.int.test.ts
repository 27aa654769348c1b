import { describe, expect, it } from 'vitest';
import type { Pool } from '../../platform/db/pool.js';
import { useTestApp } from '../../../tests/support/app.js';
import { activatedPlan, createdPlan, useLoggedIn, useShop } from '../../../tests/support/marketplace.js';
import { ShopPayeesCache, shopPayees } from './payees.js';
import { DEFAULT_COMMISSION_PERCENTAGE } from './commission.js';

/*
 * A checkout paid online asks each shop's payees (its accounts that take payments, its plan's
 * commission): kept in memory until they change, by an event or by the clock.
 */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const day = 24 * 60 * 60 * 1000;

describe('the shops’ payees kept for the checkouts', () => {
  const shop = useShop(t, admin, { name: 'Bottega delle Commissioni', store: { onlinePaymentsEnabled: true } });

  it('are read once, and again when a plan is bought, when the clock reaches a plan’s end, and for a clock before the read', async () => {
    const plan = await createdPlan(admin.browser, { type: 'premium', enablesOnlinePayments: true, commissionPercentage: 12.5, durationDays: 30 });
    const start = new Date();
    await activatedPlan(t, { userId: shop.owner.id, packageId: plan.id, amountCents: 2990 }, start);
    let reads = 0;
    const pool = { query: (...args: Parameters<Pool['query']>) => (reads++, t.system.pool.query(...args)) } as unknown as Pool;
    const cache = new ShopPayeesCache(t.system.projections, pool);
    const id = shop.store.id;

    const first = await cache.of([id], start);
    expect(first.get(id)).toEqual((await shopPayees(t.system.pool, [id], start)).get(id));
    expect(first.get(id)).toMatchObject({ commissionPercentage: 12.5, accounts: { sandbox: expect.any(String) } });
    expect(reads).toBe(1);
    // Asked again, a minute later: the same answer, no read.
    expect((await cache.of([id], new Date(start.getTime() + 60_000))).get(id)).toEqual(first.get(id));
    expect(reads).toBe(1);

    // The plan ends in 30 days: from then the default commission, read again without any event.
    const ended = new Date(start.getTime() + 31 * day);
    expect((await cache.of([id], ended)).get(id)?.commissionPercentage).toBe(DEFAULT_COMMISSION_PERCENTAGE);
    expect(reads).toBe(2);
    // A clock before that read (a test moving it back) is read again: the plan is in force then.
    expect((await cache.of([id], new Date(start.getTime() + 2 * day))).get(id)?.commissionPercentage).toBe(12.5);
    expect(reads).toBe(3);

    // Another plan bought: the user-packages read model changes, and the next checkout reads its commission.
    const cheaper = await createdPlan(admin.browser, { type: 'premium', enablesOnlinePayments: true, commissionPercentage: 5, durationDays: 30 });
    const later = new Date(start.getTime() + 3 * day);
    await activatedPlan(t, { userId: shop.owner.id, packageId: cheaper.id, amountCents: 990 }, later);
    expect((await cache.of([id], later)).get(id)?.commissionPercentage).toBe(5);
    expect(reads).toBe(4);
    expect((await cache.of([id], later)).get(id)?.commissionPercentage).toBe(5);
    expect(reads).toBe(4);
  });
});
