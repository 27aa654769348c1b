import { beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '../src/modules/index.js';
import { seedDemo } from '../src/seed.js';
import { useTestApp } from './support/app.js';
import { readModelsCaughtUp } from './support/caught-up.js';
import { checkoutForPickup, fillCart, loggedIn, openShop, orderForPickup } from './support/marketplace.js';
import { readModelDifferences, readModelSnapshot, readModelsOf, readModelTableIds } from './support/read-models.js';
import { hangAfter } from './support/time-limits.js';

/*
 * Every read model, built live as the site is used through its routes, equals a rebuild of all of
 * them from the log (tests/support/read-models.ts): the check issue [15]'s failover test makes
 * after a kill, here on one process and with more kinds of rows.
 */

const t = useTestApp();

beforeAll(async () => {
  const { store, pool, db, projections } = t.system;
  await seedDemo({ store, pool, db, waitFor: (position) => projections.waitFor(position, hangAfter(30_000)) });
  const admin = (await loggedIn(t, 'admin')).browser;
  const shop = await openShop(t, admin, {
    products: [
      { name: 'Pane casereccio', stockQuantity: 20 },
      { name: 'Olio nuovo', stockQuantity: 20 },
    ],
  });
  const customer = await loggedIn(t, 'customer');
  // Orders moved through their states, one cancelled, one left pending; a cart line; a favourite.
  const done = await orderForPickup(customer.browser, shop.store.id, [
    [shop.productIds[0]!, 2],
    [shop.productIds[1]!, 1],
  ]);
  for (const move of ['accept', 'ready']) expect((await shop.owner.browser.post(`/api/orders/${done.id}/${move}`)).statusCode).toBe(200);
  const cancelled = await orderForPickup(customer.browser, shop.store.id, [[shop.productIds[1]!, 3]]);
  expect((await customer.browser.post(`/api/orders/${cancelled.id}/cancel`, {})).statusCode).toBe(200);
  await fillCart(customer.browser, [[shop.productIds[0]!, 1]]);
  expect((await checkoutForPickup(customer.browser, shop.store.id)).statusCode).toBe(201);
  await fillCart(customer.browser, [[shop.productIds[1]!, 2]]);
  expect((await customer.browser.post('/api/favorites', { storeId: shop.store.id })).statusCode).toBe(201);
  expect((await shop.owner.browser.request('PATCH', `/api/products/${shop.productIds[0]}`, { name: 'Pane di Altamura', price: 3.2 })).statusCode).toBeLessThan(300);
  expect(await readModelsCaughtUp(t.system)).toBe(true);
}, hangAfter(120_000));

describe('every read model', () => {
  it(
    'equals a rebuild of all of them from the log, row for row',
    async () => {
      const readModels = readModelsOf(allProjections);
      const before = await readModelSnapshot(t.system.pool, readModels);
      expect(before.orders!.length).toBeGreaterThanOrEqual(3);
      const tables = await readModelTableIds(t.system.pool, readModels);
      // A damaged row the comparison sees, and the rebuild mends.
      await t.system.pool.query('UPDATE orders SET total_cents = total_cents + 1 WHERE id = (SELECT id FROM orders ORDER BY id LIMIT 1)');
      expect(Object.keys(readModelDifferences(before, await readModelSnapshot(t.system.pool, readModels)))).toEqual(['orders']);
      for (const { name } of readModels) await t.system.projections.rebuild(name);
      expect(await t.system.projections.waitForRebuilds(hangAfter(60_000))).toBe(true);
      // Every table was put in place anew by its rebuild.
      const rebuilt = await readModelTableIds(t.system.pool, readModels);
      expect(Object.keys(tables).filter((table) => rebuilt[table] === tables[table])).toEqual([]);
      const after = await readModelSnapshot(t.system.pool, readModels);
      expect(readModelDifferences(before, after)).toEqual({});
    },
    hangAfter(90_000),
  );
});
