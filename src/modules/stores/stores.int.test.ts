import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createStore } from './commands.js';
import { systemContext } from '../../platform/domain/context.js';
import { demoShops } from '../../seed.js';
import { useTestApp } from '../../../tests/support/app.js';
import { loggedIn } from '../../../tests/support/marketplace.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const t = useTestApp();

async function openShop(ownerId: string, name: string): Promise<{ storeId: string; slug: string }> {
  const storeId = randomUUID();
  const { slug, position } = await createStore(t.system.store, { storeId, ownerId, profile: { ...demoShops[0]!.profile, name } }, systemContext());
  expect(await t.system.projections.waitFor(position!, hangAfter(5000))).toBe(true);
  return { storeId, slug };
}

describe('stores', () => {
  it('shows the shopkeeper their own store, pending until approved', async () => {
    const shopkeeper = await loggedIn(t, 'shopkeeper');
    expect((await shopkeeper.browser.get('/api/stores/me')).statusCode).toBe(404);
    const { storeId } = await openShop(shopkeeper.id, 'Bottega di Gianni');
    const me = (await shopkeeper.browser.get('/api/stores/me')).json();
    expect(me).toMatchObject({ id: storeId, name: 'Bottega di Gianni', status: 'pending', views: 0, userId: shopkeeper.id });
  });

  it('gives readable slugs, suffixed on clashes, and one store per shopkeeper', async () => {
    const a = await loggedIn(t, 'shopkeeper');
    const b = await loggedIn(t, 'shopkeeper');
    const first = await openShop(a.id, 'Caffè Però');
    const second = await openShop(b.id, 'Caffe Pero');
    expect(first.slug).toBe('caffe-pero');
    expect(second.slug).toBe('caffe-pero-2');
    await expect(openShop(a.id, 'Secondo negozio')).rejects.toThrow('Hai già un negozio');
  });

  it('lets only an admin approve, suspend with a reason and reactivate', async () => {
    const shopkeeper = await loggedIn(t, 'shopkeeper');
    const admin = await loggedIn(t, 'admin');
    const { storeId } = await openShop(shopkeeper.id, 'Ferramenta Prova');
    expect((await shopkeeper.browser.post(`/api/admin/stores/${storeId}/approve`)).statusCode).toBe(403);
    const approved = await admin.browser.post(`/api/admin/stores/${storeId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('active');
    expect((await admin.browser.post(`/api/admin/stores/${storeId}/suspend`, {})).statusCode).toBe(400);
    const suspended = await admin.browser.post(`/api/admin/stores/${storeId}/suspend`, { reason: 'Prodotti non conformi' });
    expect(suspended.json()).toMatchObject({ status: 'suspended', statusReason: 'Prodotti non conformi' });
    const again = await admin.browser.post(`/api/admin/stores/${storeId}/approve`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Solo un negozio in attesa può essere approvato.');
    expect((await admin.browser.post(`/api/admin/stores/${storeId}/reactivate`)).json().status).toBe('active');
    expect((await admin.browser.post(`/api/admin/stores/${randomUUID()}/approve`)).statusCode).toBe(404);
  });

  it('counts users, stores, products and orders for the admin dashboard, for admins only', async () => {
    const admin = await loggedIn(t, 'admin');
    const customer = await loggedIn(t, 'customer');
    const { rows } = await t.system.pool.query(
      'SELECT (SELECT count(*) FROM users)::int AS u, (SELECT count(*) FROM stores)::int AS s, (SELECT count(*) FROM products WHERE NOT is_deleted)::int AS p, (SELECT count(*) FROM orders)::int AS o',
    );
    expect((await admin.browser.get('/api/admin/stats')).json()).toEqual({ users: rows[0].u, stores: rows[0].s, products: rows[0].p, orders: rows[0].o });
    expect(rows[0].s).toBeGreaterThan(0);
    expect((await customer.browser.get('/api/admin/stats')).statusCode).toBe(403);
  });
});
