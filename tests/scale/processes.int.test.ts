import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { Client, openShopOver, startThree, type AppProcess } from '../support/processes.js';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.js';
import { demoPickupCheckout, pickupSoon } from '../support/marketplace.js';
import { hangAfter } from '../support/time-limits.js';

/*
 * Issue [15]: three app processes on one database, as `npm start` runs each. A login on one is
 * valid on the others, a write answered by one is read by the next request on another, each read
 * model is run by exactly one of them, and when that process is killed (kill -9) another takes
 * its read models over and the site goes on.
 */

let db: TestDatabase;
let apps: AppProcess[] = [];
let smtp: SmtpPeer;
const sessionKey = randomBytes(32).toString('hex');

interface ProjectionStatus {
  name: string;
  activeHere: boolean;
  position: string | null;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  db = await createTestDatabase();
  apps = await startThree(db.url, sessionKey);
}, hangAfter(300_000));

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop().catch(() => {})));
  await db?.drop();
  await smtp?.close();
}, hangAfter(120_000));

/** Which process runs each read model, as each process's own status says. */
async function runners(admin: Client, alive: AppProcess[]): Promise<Map<string, string[]>> {
  const held = new Map<string, string[]>();
  for (const app of alive) {
    // The health call tells an admin which read models run in this process.
    const res = await admin.request(app.url, 'GET', '/api/health');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const health = res.json as { projections: ProjectionStatus[]; workers: { name: string; activeHere: boolean }[] };
    // And which background workers (upkeep jobs, outbox senders): "worker: <name>".
    for (const p of [...health.projections, ...health.workers.map((w) => ({ ...w, name: `worker: ${w.name}` }))]) {
      if (!held.has(p.name)) held.set(p.name, []);
      if (p.activeHere) held.get(p.name)!.push(app.name);
    }
  }
  return held;
}

describe('three app processes on one database', () => {
  it('share sessions: a login on A is valid on B and C', async () => {
    const [a, b, c] = apps as [AppProcess, AppProcess, AppProcess];
    const customer = await Client.loggedIn(a.url, 'cliente', 'vicino-cliente');
    for (const app of [a, b, c]) {
      const me = await customer.request(app.url, 'GET', '/api/user');
      expect([app.name, me.status, (me.json as { username: string }).username]).toEqual([app.name, 200, 'cliente']);
    }
    // Logged out on C: refused on A too.
    expect((await customer.request(c.url, 'POST', '/api/logout')).status).toBeLessThan(300);
    expect((await customer.request(a.url, 'GET', '/api/user')).status).toBe(401);
  });

  it(
    'read their writes across processes: a cart line added on A is in the next read on B, a price changed on B is the price C shows',
    async () => {
      const [a, b, c] = apps as [AppProcess, AppProcess, AppProcess];
      const customer = await Client.loggedIn(a.url, 'cliente', 'vicino-cliente');
      const shop = await Client.loggedIn(b.url, 'negoziante', 'vicino-negozio');
      const mine = await shop.request(b.url, 'GET', '/api/stores/me');
      const storeId = (mine.json as { id: string }).id;
      const products = (await shop.request(c.url, 'GET', `/api/stores/${storeId}/products`)).json as { id: string; price: number; stockQuantity: number }[];
      const product = products.find((p) => p.stockQuantity > 5)!;
      for (let i = 0; i < 10; i++) {
        const [write, read] = i % 2 ? [a, b] : [b, c];
        const added = await customer.request(write.url, 'POST', '/api/cart/items', { productId: product.id, quantity: 1 });
        expect(added.status, JSON.stringify(added.json)).toBe(201);
        const cart = (await customer.request(read.url, 'GET', '/api/cart')).json as { stores: { items: { productId: string; quantity: number }[] }[] };
        const line = cart.stores.flatMap((s) => s.items).find((item) => item.productId === product.id);
        expect(line?.quantity, `${write.name} → ${read.name}`).toBe(1);
        const removed = await customer.request(
          read.url,
          'DELETE',
          `/api/cart/items/${(cart.stores.flatMap((s) => s.items).find((item) => item.productId === product.id) as unknown as { id: string }).id}`,
        );
        expect(removed.status).toBeLessThan(300);

        const price = Math.round(100 + i * 10 + Math.random() * 9) / 100;
        const changed = await shop.request(write.url, 'PATCH', `/api/products/${product.id}`, { price });
        expect(changed.status, JSON.stringify(changed.json)).toBe(200);
        const shown = (await customer.request(read.url, 'GET', `/api/products/${product.id}`)).json as { price: number };
        expect(shown.price, `price written on ${write.name}, read on ${read.name}`).toBe(price);
      }
    },
    hangAfter(120_000),
  );

  it(
    'invalidate what a process keeps in memory when another changes it: a price changed on A is the price B finds and charges',
    async () => {
      const [a, b, c] = apps as [AppProcess, AppProcess, AppProcess];
      const shop = await Client.loggedIn(a.url, 'negoziante', 'vicino-negozio');
      const storeId = ((await shop.request(a.url, 'GET', '/api/stores/me')).json as { id: string; latitude: number; longitude: number }).id;
      const store = (await shop.request(a.url, 'GET', '/api/stores/me')).json as { latitude: number; longitude: number };
      const products = (await shop.request(a.url, 'GET', `/api/stores/${storeId}/products`)).json as { id: string; name: string; stockQuantity: number }[];
      const product = products.find((p) => p.stockQuantity > 5)!;
      const word = product.name.split(/\s+/)[0]!;
      const search = `/api/search/products?q=${encodeURIComponent(word)}&lat=${store.latitude}&lng=${store.longitude}`;
      const stale: string[] = [];
      for (let i = 0; i < 10; i++) {
        // B has the search answer in memory.
        expect((await shop.request(b.url, 'GET', search)).status).toBe(200);
        const price = Math.round(200 + i * 13 + Math.random() * 9) / 100;
        expect((await shop.request(a.url, 'PATCH', `/api/products/${product.id}`, { price })).status).toBe(200);
        const found = (await shop.request(b.url, 'GET', search)).json as { items: { id: string; price: number }[] };
        const shown = found.items.find((p) => p.id === product.id)?.price;
        if (shown !== price) stale.push(`search on B showed ${shown}, A wrote ${price}`);
      }
      expect(stale).toEqual([]);

      // Charged: a checkout on C right after a price change on A takes the new price.
      const customer = await Client.loggedIn(c.url, 'cliente', 'vicino-cliente');
      const price = 3.33;
      expect((await shop.request(a.url, 'PATCH', `/api/products/${product.id}`, { price })).status).toBe(200);
      expect((await customer.request(c.url, 'POST', '/api/cart/items', { productId: product.id, quantity: 2 })).status).toBe(201);
      const cart = (await customer.request(c.url, 'GET', '/api/cart')).json as { stores: { items: { productId: string; price: number }[] }[] };
      expect(cart.stores.flatMap((s) => s.items).find((item) => item.productId === product.id)?.price).toBe(price);
    },
    hangAfter(60_000),
  );

  it(
    'hear each other again after their connections to the database are cut: caches still follow another process’s writes',
    async () => {
      const [a, b] = apps as [AppProcess, AppProcess, AppProcess];
      // Every process's LISTEN connection dropped at once (as a PostgreSQL restart or a network cut would).
      const { rowCount } = await db.pool.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'vicino-checkpoints' AND datname = current_database()",
      );
      expect(rowCount).toBeGreaterThanOrEqual(3);
      await expect
        .poll(
          async () =>
            (await db.pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'vicino-checkpoints' AND datname = current_database()")).rows[0].n,
          { timeout: hangAfter(15_000) },
        )
        .toBeGreaterThanOrEqual(3);
      const shop = await Client.loggedIn(a.url, 'negoziante', 'vicino-negozio');
      const store = (await shop.request(a.url, 'GET', '/api/stores/me')).json as { id: string; latitude: number; longitude: number };
      const products = (await shop.request(a.url, 'GET', `/api/stores/${store.id}/products`)).json as { id: string; name: string }[];
      const product = products[0]!;
      const search = `/api/search/products?q=${encodeURIComponent(product.name.split(/\s+/)[0]!)}&lat=${store.latitude}&lng=${store.longitude}`;
      for (let i = 0; i < 5; i++) {
        // Asked twice: B keeps the answer (ReadCache keeps one from its second ask).
        for (let ask = 0; ask < 2; ask++) expect((await shop.request(b.url, 'GET', search)).status).toBe(200);
        const price = Math.round(500 + i * 17 + Math.random() * 9) / 100;
        expect((await shop.request(a.url, 'PATCH', `/api/products/${product.id}`, { price })).status).toBe(200);
        // B hears of it within moments, not when its cached answer ages out (30 s).
        await expect
          .poll(async () => ((await shop.request(b.url, 'GET', search)).json as { items: { id: string; price: number }[] }).items.find((p) => p.id === product.id)?.price, {
            timeout: hangAfter(3_000),
            interval: 100,
          })
          .toBe(price);
      }
    },
    hangAfter(60_000),
  );

  it(
    'never show a write’s author an answer kept from before it, on a process that has not heard of the write yet',
    async () => {
      const [a, b] = apps as [AppProcess, AppProcess, AppProcess];
      const shop = await Client.loggedIn(a.url, 'negoziante', 'vicino-negozio');
      const store = (await shop.request(a.url, 'GET', '/api/stores/me')).json as { id: string; latitude: number; longitude: number };
      const products = (await shop.request(a.url, 'GET', `/api/stores/${store.id}/products`)).json as { id: string; name: string }[];
      const product = products[1] ?? products[0]!;
      const search = `/api/search/products?q=${encodeURIComponent(product.name.split(/\s+/)[0]!)}&lat=${store.latitude}&lng=${store.longitude}`;
      const listeners = async () =>
        (await db.pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'vicino-checkpoints' AND datname = current_database()")).rows[0].n as number;
      for (let i = 0; i < 3; i++) {
        // B keeps the search answer in memory (asked twice: ReadCache keeps an answer from its second ask).
        for (let ask = 0; ask < 2; ask++) expect((await shop.request(b.url, 'GET', search)).status).toBe(200);
        // No process hears NOTIFY for a second: their LISTEN connections are cut (they listen again after 1 s).
        await db.pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'vicino-checkpoints' AND datname = current_database()");
        const price = Math.round(700 + i * 19 + Math.random() * 9) / 100;
        expect((await shop.request(a.url, 'PATCH', `/api/products/${product.id}`, { price })).status).toBe(200);
        // The very next read on B, once: the answer to the write told the browser where the log was
        // (the vicino_seen cookie), and B waits until it knows its caches' read models are there.
        const found = (await shop.request(b.url, 'GET', search)).json as { items: { id: string; price: number }[] };
        expect(found.items.find((p) => p.id === product.id)?.price).toBe(price);
        await expect.poll(listeners, { timeout: hangAfter(15_000) }).toBeGreaterThanOrEqual(3);
      }
    },
    hangAfter(60_000),
  );

  it(
    'tell live: a shop whose page listens on C hears of the order placed through A',
    async () => {
      const [a, b, c] = apps as [AppProcess, AppProcess, AppProcess];
      const { owner, store, product } = await openShopOver(
        { register: b, store: a, admin: c, approve: b, product: c },
        { owner: 'forno', name: 'Rita Forni', shop: 'Forno dei Processi' },
      );

      // The shop's page on C listens (Server-Sent Events), as the browser's EventSource would.
      const cookie = owner.cookie;
      const listening = new AbortController();
      const stream = await fetch(`${c.url}/api/notifications/stream`, { headers: { cookie, accept: 'text/event-stream' }, signal: listening.signal });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      let heard = '';
      const notified = (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return false;
          heard += Buffer.from(value).toString();
          if (/event: notification/.test(heard)) return true;
        }
      })();

      const customer = await Client.loggedIn(b.url, 'cliente', 'vicino-cliente');
      expect((await customer.request(a.url, 'POST', '/api/cart/items', { productId: product.id, quantity: 1 })).status).toBe(201);
      const pickupTime = pickupSoon();
      const placed = await customer.request(a.url, 'POST', '/api/orders/checkout', demoPickupCheckout(store.id, pickupTime), { 'idempotency-key': `${Date.now()}` });
      expect(placed.status, JSON.stringify(placed.json)).toBe(201);
      const told = await Promise.race([notified, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000))]);
      listening.abort();
      expect(told, heard).toBe(true);
      expect(heard).toMatch(/Forno dei Processi|ordine/i);
    },
    hangAfter(60_000),
  );

  it(
    'send each queued e-mail once, whichever process holds the queue',
    async () => {
      const [a, , c] = apps as [AppProcess, AppProcess, AppProcess];
      const admin = await Client.loggedIn(c.url, 'admin', 'vicino-admin');
      const set = await admin.request(a.url, 'PUT', '/api/admin/email-settings/current', {
        isEnabled: true,
        host: '127.0.0.1',
        port: smtp.port,
        fromAddress: 'ciao@vicino.test',
        maxEmailsPerHour: 1000,
      });
      expect(set.status, JSON.stringify(set.json)).toBe(200);
      smtp.received.length = 0;
      // Thirty people register through the three processes at once: thirty welcome mails, one each.
      const addresses = Array.from({ length: 30 }, (_, i) => `benvenuto-${i}-${Date.now()}@esempio.it`);
      await Promise.all(
        addresses.map(async (email, i) => {
          const res = await new Client().request(apps[i % 3]!.url, 'POST', '/api/register', {
            username: email.split('@')[0]!.slice(0, 30),
            name: `Persona ${i}`,
            email,
            password: 'segreta12',
            role: 'customer',
          });
          expect(res.status, JSON.stringify(res.json)).toBe(201);
        }),
      );
      await smtp.until((mails) => (addresses.every((to) => mails.some((m) => m.to && JSON.stringify(m.to).includes(to))) ? true : undefined));
      // A moment more for any second sending to show.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const counts = addresses.map((to) => smtp.received.filter((m) => JSON.stringify(m.to).includes(to)).length);
      expect(counts).toEqual(addresses.map(() => 1));
    },
    hangAfter(90_000),
  );

  it(
    'run each read model and each background worker in exactly one process; killed (kill -9), another takes them over and the site goes on',
    async () => {
      const admin = await Client.loggedIn(apps[0]!.url, 'admin', 'vicino-admin');
      const held = await runners(admin, apps);
      expect(held.size).toBeGreaterThan(30);
      const workers = [...held.keys()].filter((name) => name.startsWith('worker: '));
      expect(workers).toEqual(expect.arrayContaining(['worker: upkeep: credits expiry', 'worker: upkeep: reservation expiry', 'worker: email']));
      expect([...held].filter(([, holders]) => holders.length !== 1)).toEqual([]);

      // Kill the process that runs the most read models.
      const counts = new Map(apps.map((app) => [app.name, [...held.values()].filter((h) => h[0] === app.name).length]));
      const victim = apps.reduce((most, app) => (counts.get(app.name)! > counts.get(most.name)! ? app : most));
      expect(counts.get(victim.name)).toBeGreaterThan(0);
      const killedAt = Date.now();
      await victim.kill9();
      apps = apps.filter((app) => app !== victim);
      const alive = apps;
      const survivor = alive[0]!;
      const again = await Client.loggedIn(survivor.url, 'admin', 'vicino-admin');
      // Within a few seconds every read model and worker runs again, each in one survivor.
      await expect
        .poll(
          async () => {
            const now = await runners(again, alive);
            return [...now.values()].every((h) => h.length === 1);
          },
          { timeout: hangAfter(30_000), interval: 250 },
        )
        .toBe(true);
      const takeover = Date.now() - killedAt;
      expect(takeover).toBeLessThan(30_000);
      console.info(`[15] ${victim.name} (${counts.get(victim.name)} read models and workers) killed; all running again in ${takeover} ms`);

      // The e-mail queue's new holder sends what comes next, once.
      smtp.received.length = 0;
      const email = `dopo-${Date.now()}@esempio.it`;
      expect(
        (
          await new Client().request(alive[1]!.url, 'POST', '/api/register', {
            username: email.split('@')[0]!,
            name: 'Dopo Caduta',
            email,
            password: 'segreta12',
            role: 'customer',
          })
        ).status,
      ).toBe(201);
      await smtp.until((mails) => (mails.some((m) => JSON.stringify(m.to).includes(email)) ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(smtp.received.filter((m) => JSON.stringify(m.to).includes(email))).toHaveLength(1);

      // Writes and reads go on through the survivors.
      const customer = await Client.loggedIn(alive[1]!.url, 'cliente', 'vicino-cliente');
      const search = await customer.request(alive[0]!.url, 'GET', `/api/search/products?q=pane&lat=41.9&lng=12.49`);
      expect(search.status).toBe(200);
      const shop = await Client.loggedIn(alive[0]!.url, 'negoziante', 'vicino-negozio');
      const storeId = ((await shop.request(alive[0]!.url, 'GET', '/api/stores/me')).json as { id: string }).id;
      const [product] = (await shop.request(alive[1]!.url, 'GET', `/api/stores/${storeId}/products`)).json as { id: string }[];
      const changed = await shop.request(alive[1]!.url, 'PATCH', `/api/products/${product!.id}`, { price: 7.77 });
      expect(changed.status, JSON.stringify(changed.json)).toBe(200);
      expect(((await customer.request(alive[0]!.url, 'GET', `/api/products/${product!.id}`)).json as { price: number }).price).toBe(7.77);
    },
    hangAfter(180_000),
  );
});
