import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { correctStoppedEvent } from '../src/modules/data-management/commands.js';
import { allProjections } from '../src/modules/index.js';
import { correctionStreamOf } from '../src/platform/eventstore/corrections.js';
import { startSystem } from '../src/system.js';
import { Browser, useTestApp } from './support/app.js';
import { loggedIn, openShop, useLoggedIn } from './support/marketplace.js';
import { readModelSnapshot } from './support/read-models.js';
import { hangAfter } from './support/time-limits.js';
import { committedHead } from './support/caught-up.js';

/*
 * Issue [16]: a read model stopped at an event it cannot apply (tests/poison-event.int.test.ts) is
 * given a way out without a code change: the admin corrects the event's fields. The correction is
 * an event of its own (EventCorrected, stream correction-<eventId>); the original stays in the
 * log untouched; the read models read the event with the correction applied, live and in a rebuild.
 */

const t = useTestApp({ config: { READ_MODEL_WAIT_MS: 120_000 } });
const admin = useLoggedIn(t, 'admin');
const products = allProjections.filter((p) => p.name === 'products');

interface Stopped {
  status: string;
  lag: number;
  failedEvent: { id: string; type: string; streamId: string; data: Record<string, unknown> | null; corrections: unknown[] } | null;
}

/** A product named «Veleno», which the products read model cannot hold (a constraint its table does not meet). */
async function poisonProduct(owner: Browser): Promise<string> {
  const res = await owner.post('/api/products', { name: 'Veleno', price: 3, description: 'Da correggere' });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function stoppedAt(productId: string): Promise<Stopped> {
  for (let i = 0; i < 100; i++) {
    const page = (await admin.browser.get('/api/admin/projections/products')).json<Stopped>();
    if (page.status === 'failed' && page.failedEvent?.streamId === `product-${productId}`) return page;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the products read model did not stop at the event');
}

describe('correcting the event a read model stopped at', () => {
  it('resumes the read model with the corrected event, a rebuild passes the same way, and the log keeps the original', async () => {
    const grocer = await openShop(t, admin.browser);
    await t.db.pool.query("ALTER TABLE products ADD CONSTRAINT prova_guasto CHECK (name <> 'Veleno')");
    const productId = await poisonProduct(grocer.owner.browser);
    const page = await stoppedAt(productId);
    const event = page.failedEvent!;
    // The stopped event's data, as the form shows it.
    expect(event).toMatchObject({ type: 'ProductCreated', data: { productId, fields: { name: 'Veleno', description: 'Da correggere' } }, corrections: [] });

    const correct = (body: unknown, as = admin.browser, name = 'products') => as.post(`/api/admin/projections/${name}/correct`, body);
    const good = { eventId: event.id, data: { fields: { name: 'Pane nero' } }, reason: 'Nome rifiutato dal controllo del catalogo' };

    // Refusals, each in Italian, none written.
    const customer = await loggedIn(t, 'customer');
    expect((await correct(good, customer.browser)).statusCode).toBe(403);
    expect((await correct(good, new Browser(t.app))).statusCode).toBe(401);
    const unknown = await correct(good, admin.browser, 'nessuna');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Proiezione sconosciuta: «nessuna».' }]);
    const notStopped = await correct(good, admin.browser, 'users');
    expect([notStopped.statusCode, notStopped.json().message]).toEqual([409, 'La proiezione «users» non è ferma a un evento: non c’è niente da correggere.']);
    const otherEvent = await correct({ ...good, eventId: randomUUID() });
    expect([otherEvent.statusCode, otherEvent.json().message]).toEqual([409, 'La proiezione è ora ferma a un altro evento: ricarica la pagina e controlla di nuovo.']);
    const noReason = await correct({ eventId: event.id, data: good.data });
    expect([noReason.statusCode, noReason.json().errors]).toEqual([400, { reason: 'Motivo: campo obbligatorio.' }]);
    const shortReason = await correct({ ...good, reason: 'no' });
    expect([shortReason.statusCode, shortReason.json().errors]).toEqual([400, { reason: 'Motivo: almeno 5 caratteri.' }]);
    const notObject = await correct({ ...good, data: 'Pane' });
    expect([notObject.statusCode, notObject.json().errors]).toEqual([400, { data: 'Correzione: i campi da correggere, come oggetto JSON.' }]);
    const empty = await correct({ ...good, data: {} });
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'Indica almeno un campo da correggere.', errors: { data: 'Indica almeno un campo da correggere.' } }]);
    const newField = await correct({ ...good, data: { fields: { nome: 'Pane' } } });
    expect([newField.statusCode, newField.json().errors]).toEqual([
      400,
      { 'data.fields.nome': 'L’evento non ha il campo «fields.nome»: si possono correggere solo i campi che ha.' },
    ]);
    const otherType = await correct({ ...good, data: { fields: { name: 5 } } });
    expect([otherType.statusCode, otherType.json().errors]).toEqual([400, { 'data.fields.name': 'Il campo «fields.name» deve restare di tipo testo.' }]);
    const objectForText = await correct({ ...good, data: { productId: { a: 1 } } });
    expect(objectForText.json().errors).toEqual({ 'data.productId': 'Il campo «productId» deve restare di tipo testo.' });
    expect(await t.system.store.readStream(correctionStreamOf(event.id))).toEqual([]);

    // The read models that read every event have applied it as it was (issue [25]: on a loaded
    // machine they may still be on their way when the admin corrects it).
    const [stored] = await t.system.store.readStream(`product-${productId}`);
    const others = allProjections.filter((p) => p.name !== 'products').map((p) => p.name);
    expect(await t.system.projections.waitFor(stored!.position, hangAfter(20_000), others)).toBe(true);

    // The correction: the read model goes past the event at once.
    const corrected = await correct(good);
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().projection).toMatchObject({ id: 'products', failedEvent: null, lastError: null });
    // The read model that reads every event had applied it as it was: rebuilt.
    expect(corrected.json().rebuilt).toEqual(['collaboration-session-actions']);
    expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(20_000))).toBe(true);
    // The read models that had applied the event as it was are rebuilt with the correction.
    expect(await t.system.projections.waitForRebuilds(hangAfter(30_000))).toBe(true);
    // Its status as the admin reads it, once its runner has written where it is (issue [25]: a moment later on a loaded machine).
    await expect
      .poll(async () => (await admin.browser.get('/api/admin/projections/products')).json())
      .toMatchObject({ status: 'idle', lag: 0, failedEvent: null, lastError: null });
    expect((await new Browser(t.app).get(`/api/products/${productId}`)).json()).toMatchObject({ name: 'Pane nero', description: 'Da correggere' });
    expect((await admin.browser.get('/api/health')).json().status).toBe('ok');

    // The log: the original as it was written, and the correction in a stream of its own, by the admin.
    const [original] = await t.system.store.readStream(`product-${productId}`);
    expect(original).toMatchObject({ id: event.id, type: 'ProductCreated', data: { fields: { name: 'Veleno' } } });
    const { rows } = await t.db.pool.query('SELECT data FROM es_events WHERE event_id = $1', [event.id]);
    expect(rows).toEqual([{ data: original!.data }]);
    const corrections = await t.system.store.readStream(correctionStreamOf(event.id));
    expect(corrections).toHaveLength(1);
    expect(corrections[0]).toMatchObject({
      type: 'EventCorrected',
      data: { eventId: event.id, eventType: 'ProductCreated', streamId: `product-${productId}`, revision: 0, data: good.data, reason: good.reason },
      metadata: { actorUserId: admin.id, actorRole: 'admin' },
    });

    // A rebuild of the read model passes the event the same way, and equals the live rows.
    const live = await readModelSnapshot(t.db.pool, products);
    expect((await admin.browser.post('/api/admin/projections/products/rebuild')).statusCode).toBe(202);
    expect(await t.system.projections.waitForRebuilds(hangAfter(30_000))).toBe(true);
    await expect
      .poll(async () => (await admin.browser.get('/api/admin/projections/products')).json())
      .toMatchObject({ status: 'idle', rebuildError: null, rebuildFailedEvent: null });
    expect(await readModelSnapshot(t.db.pool, products)).toEqual(live);

    // The admin's history: the product's first event as it was written, with its correction beside it (who and why), in Italian.
    const history = (await admin.browser.get(`/api/admin/history/product/${productId}`)).json();
    expect(history[0]).toMatchObject({
      type: 'ProductCreated',
      italianName: 'Prodotto creato',
      changes: { fields: { name: 'Veleno' } },
      corrections: [{ reason: good.reason, actor: { userId: admin.id, username: admin.username, role: 'admin' }, changes: { fields: { name: 'Pane nero' } } }],
    });
    const ofEvent = (await admin.browser.get(`/api/admin/history/event/${event.id}`)).json();
    expect(ofEvent).toEqual([
      expect.objectContaining({
        type: 'EventCorrected',
        italianName: 'Evento corretto',
        actor: expect.objectContaining({ username: admin.username }),
        changes: expect.objectContaining({ reason: good.reason }),
      }),
    ]);
    const recent = (await admin.browser.get('/api/admin/events/recent?limit=20')).json<{ type: string; summary: string }[]>();
    expect(recent.find((e) => e.type === 'EventCorrected')?.summary).toBe(`Corretto l’evento ProductCreated di product-${productId} (n. 0), campi fields: «${good.reason}».`);
  });

  it('reaches the process running the read model when another process writes the correction', async () => {
    const grocer = await openShop(t, admin.browser);
    const productId = await poisonProduct(grocer.owner.browser);
    const { failedEvent } = await stoppedAt(productId);
    // A second app process on the same database: its runners stand by, the first one's hold the locks.
    const other = await startSystem({ DATABASE_URL: t.db.url, DATA_DIR: '/nonexistent' }, { secret: randomBytes(32) });
    try {
      const ctx = { actor: { userId: admin.id, role: 'admin' as const }, correlationId: randomUUID(), causationId: null, now: new Date() };
      const { at } = await correctStoppedEvent(
        other,
        'products',
        { eventId: failedEvent!.id, data: { fields: { name: 'Pane bianco' } }, reason: 'Corretto da un altro processo' },
        ctx,
      );
      // The first process hears of it and its stopped runner tries again at once with the correction
      // (well before its backoff would have it try again, with the correction read anew).
      const deadline = Date.now() + 10_000;
      let page = (await admin.browser.get('/api/admin/projections/products')).json();
      while (page.failedEvent && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        page = (await admin.browser.get('/api/admin/projections/products')).json();
      }
      expect(page).toMatchObject({ failedEvent: null, lastError: null });
      expect(await t.system.projections.waitFor(at, hangAfter(10_000), ['products'])).toBe(true);
      expect(t.system.projections.corrections.of(failedEvent!.id)).toHaveLength(1);
      expect((await new Browser(t.app).get(`/api/products/${productId}`)).json()).toMatchObject({ name: 'Pane bianco' });
    } finally {
      await other.stop();
    }
    expect(await t.system.projections.waitForRebuilds(hangAfter(30_000))).toBe(true);
  });
});
