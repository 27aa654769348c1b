import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../tests/support/app.js';
import { loggedIn, openShop, orderForPickup } from '../tests/support/marketplace.js';
import { allProjections } from '../src/modules/index.js';
import { seedDemo } from '../src/seed.js';
import { hangAfter } from '../tests/support/time-limits.js';
import { readModelSnapshot } from '../tests/support/read-models.js';

/*
 * `npm run replay` as an operator runs it: a separate process against the database, rebuilding
 * read models from the log; what it rebuilds must equal what the live projections had built.
 */

const t = useTestApp();

beforeAll(async () => {
  const { store, pool, db, projections } = t.system;
  await seedDemo({ store, pool, db, waitFor: (position) => projections.waitFor(position, hangAfter(30_000)) });
  // An order, a cart line and their notifications, so every kind of read model has rows.
  const admin = (await loggedIn(t, 'admin')).browser;
  const shop = await openShop(t, admin, { products: [{ name: 'Pane casereccio' }, { name: 'Olio nuovo' }] });
  const customer = await loggedIn(t, 'customer');
  await orderForPickup(customer.browser, shop.store.id, [[shop.productIds[0]!, 2]]);
  await customer.browser.post('/api/cart/items', { productId: shop.productIds[1], quantity: 1 });
  // The script rebuilds on its own: no live runner may be the one doing it.
  await t.system.projections.stop();
}, hangAfter(120_000));

/** Every read model table, each row as JSON, sorted: equal means equal row for row. */
const readModels = () => readModelSnapshot(t.system.pool, allProjections);

async function replay(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/replay.ts', ...args], {
    env: { ...process.env, DATABASE_URL: t.db.url, EVENTSTORE_CONNECTION_STRING: '', DATA_DIR: '/nonexistent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const [code] = await once(child, 'exit');
  return { code: code as number | null, out, err };
}

describe('npm run replay', () => {
  it(
    'rebuilds every read model with --all, row for row as it was',
    async () => {
      const before = await readModels();
      expect(before.users!.length).toBeGreaterThan(5);
      expect(before.orders!.length).toBe(1);
      // Damage several read models, so a replay that did nothing could not pass.
      await t.system.pool.query('DELETE FROM users; DELETE FROM products; DELETE FROM orders; DELETE FROM cart_items');
      const run = await replay('--all');
      expect(run.code, run.err).toBe(0);
      expect(run.out).toContain('Ricostruite:');
      expect(await readModels()).toEqual(before);
    },
    hangAfter(60_000),
  );

  it(
    'rebuilds one projection by name and leaves the others alone',
    async () => {
      const before = await readModels();
      await t.system.pool.query("UPDATE stores SET name = 'Guastato'");
      await t.system.pool.query("UPDATE users SET name = 'Non ricostruito'");
      const run = await replay('stores');
      expect(run.code, run.err).toBe(0);
      const after = await readModels();
      expect(after.stores).toEqual(before.stores);
      // Only the named projection was rebuilt.
      expect(after.users!.every((row) => JSON.parse(row).name === 'Non ricostruito')).toBe(true);
    },
    hangAfter(60_000),
  );

  it('refuses an unknown projection with a clear line and a non-zero exit, touching nothing', async () => {
    const before = await readModels();
    const run = await replay('nonesiste');
    expect(run.code).toBe(1);
    expect(run.err).toContain('Unknown projection: nonesiste.');
    expect(run.err).toContain('Usage: npm run replay -- <name>|--all');
    expect(run.err).toContain('stores');
    expect(await readModels()).toEqual(before);
  });
});
