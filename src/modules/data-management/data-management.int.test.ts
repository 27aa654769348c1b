import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { alwaysOpen, loggedIn, places, useLoggedIn } from '../../../tests/support/marketplace.js';
import { claimIdempotencyKey, idempotencyClaim } from '../../platform/commands/idempotency.js';
import { systemContext } from '../../platform/domain/context.js';
import { comparePositions } from '../../platform/eventstore/position.js';
import type { Position } from '../../platform/eventstore/types.js';
import { allProjections } from '../index.js';
import { seedLarge } from '../../seed-large.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { readModelSnapshot } from '../../../tests/support/read-models.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';

/* Data management (docs/api-admin.md): projections and their rebuild, the NDJSON export, recent events. */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

beforeAll(async () => {
  // Enough products that a rebuild of their read model takes several batches.
  const seeded = await seedLarge(t.system.store, { stores: 10, products: 3_000 });
  expect(await t.system.projections.waitFor(seeded.last!, hangAfter(60_000))).toBe(true);
}, hangAfter(120_000));

interface ProjectionRecord {
  id: string;
  name: string;
  status: 'idle' | 'running' | 'rebuilding';
  progress: number | null;
  position: string;
  lag: number;
}

const projectionList = async () => {
  const res = await admin.browser.get('/api/admin/projections');
  expect(res.statusCode).toBe(200);
  return res.json<ProjectionRecord[]>();
};

describe('projections', () => {
  it('lists every read model with its state, by the list contract', async () => {
    const res = await admin.browser.get(`/api/admin/projections?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent('[0,4]')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe(`projections 0-4/${allProjections.length}`);
    const names = allProjections.map((p) => p.name).sort();
    expect(res.json().map((p: ProjectionRecord) => p.id)).toEqual(names.slice(0, 5));
    // The log's latest events read everywhere first (the users' read model may still be applying them on a busy machine).
    expect(await readModelsCaughtUp(t.system)).toBe(true);
    const all = await projectionList();
    expect(all.map((p) => p.name).sort()).toEqual(names);
    expect(all.map((p) => p.name)).toEqual(expect.arrayContaining(['analytics-orders', 'analytics-users']));
    const users = all.find((p) => p.name === 'users')!;
    expect(Object.keys(users).sort()).toEqual([
      'failedEvent',
      'id',
      'lag',
      'lastError',
      'lastErrorAt',
      'name',
      'position',
      'progress',
      'rebuildError',
      'rebuildErrorAt',
      'rebuildFailedEvent',
      'status',
      'title',
      'updatedAt',
      'version',
    ]);
    expect(users).toMatchObject({ id: 'users', title: 'Utenti', version: 1, lag: 0, lastError: null, failedEvent: null, rebuildError: null, status: 'idle', progress: null });

    const one = await admin.browser.get('/api/admin/projections/users');
    expect(one.json()).toMatchObject({ id: 'users', status: 'idle' });
    const unknown = await admin.browser.get('/api/admin/projections/nessuna');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Proiezione sconosciuta: «nessuna».' });
    const idle = await admin.browser.get(`/api/admin/projections?filter=${encodeURIComponent('{"status":"rebuilding"}')}`);
    expect(idle.json()).toEqual([]);
    expect(idle.headers['content-range']).toBe('projections */0');
    const badSort = await admin.browser.get(`/api/admin/projections?sort=${encodeURIComponent('["segreto","ASC"]')}`);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toBe('Ordinamento non disponibile per «segreto».');
  });

  it('rebuilds a read model in the background, showing progress, while the site keeps answering, and ends row for row as before', async () => {
    // The products read model's tables, row for row (but for what is not derived from the log).
    const snapshot = () =>
      readModelSnapshot(
        t.system.pool,
        allProjections.filter((p) => p.name === 'products'),
      );
    const before = await snapshot();
    expect(before.products).toHaveLength(3_000);
    const head = await t.system.store.headPosition();

    const asked = await admin.browser.post('/api/admin/projections/products/rebuild');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toMatchObject({ id: 'products', status: 'rebuilding' });
    const seen: ProjectionRecord[] = [asked.json()];
    const reads: number[] = [];
    for (;;) {
      const [list, search] = await Promise.all([
        projectionList(),
        admin.browser.get(`/api/search/products?q=pane&lat=${places.rome.latitude}&lng=${places.rome.longitude}&radius=50`),
      ]);
      reads.push(search.statusCode);
      const products = list.find((p) => p.name === 'products')!;
      seen.push(products);
      if (products.status !== 'rebuilding' && comparePositions(products.position as Position, head) >= 0) break;
    }
    expect(reads.every((status) => status === 200)).toBe(true);
    const rebuilding = seen.filter((s) => s.status === 'rebuilding');
    expect(rebuilding.length).toBeGreaterThan(1);
    for (const s of rebuilding) expect(s.progress).toBeGreaterThanOrEqual(0);
    for (const s of rebuilding) expect(s.progress).toBeLessThan(1);
    // Progress only moves forward.
    const progress = rebuilding.map((s) => s.progress!);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ status: 'idle', progress: null, lag: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to rebuild a projection that does not exist', async () => {
    const res = await admin.browser.post('/api/admin/projections/nessuna/rebuild');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Proiezione sconosciuta: «nessuna».' });
  });
});

describe('event export', () => {
  const exportOf = async (query: string) => {
    const res = await admin.browser.get(`/api/admin/events/export${query}`);
    return {
      res,
      lines:
        res.body.trim() === ''
          ? []
          : res.body
              .trim()
              .split('\n')
              .map((l) => JSON.parse(l) as { position: Position; type: string; data: Record<string, unknown> }),
    };
  };

  it('streams the log as NDJSON to download, secrets masked', async () => {
    const { res, lines } = await exportOf('');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="vicino-eventi.ndjson"');
    expect(lines.length).toBeGreaterThan(3_000);
    for (let i = 1; i < lines.length; i++) expect(comparePositions(lines[i - 1]!.position, lines[i]!.position)).toBeLessThan(0);
    const registrations = lines.filter((l) => l.type === 'UserRegistered');
    expect(registrations.length).toBe(11);
    for (const r of registrations) expect(r.data.passwordHash).toBe('[riservato]');
    expect(res.body).not.toContain('scrypt$');
  });

  it('takes only the asked event types, after the asked position', async () => {
    const { lines: stores } = await exportOf('?types=StoreCreated,StoreApproved');
    expect(stores).toHaveLength(20);
    expect(new Set(stores.map((l) => l.type))).toEqual(new Set(['StoreCreated', 'StoreApproved']));
    const { lines: later } = await exportOf(`?types=${encodeURIComponent(' StoreCreated ,StoreApproved')}&from=${encodeURIComponent(stores[9]!.position)}`);
    expect(later.map((l) => l.position)).toEqual(stores.slice(10).map((l) => l.position));
  });

  it('answers 400 in Italian to a bad position or event type', async () => {
    // Beyond what a position's halves can hold (64 bits), it was a 500 from the database.
    const tooFar = await admin.browser.get(`/api/admin/events/export?from=${encodeURIComponent('99999999999999999999/0')}`);
    expect([tooFar.statusCode, tooFar.json().errors]).toEqual([400, { from: 'Posizione non valida: scrivi per esempio 0/0 o 1234/5678.' }]);
    const badFrom = await admin.browser.get('/api/admin/events/export?from=ieri');
    expect(badFrom.statusCode).toBe(400);
    expect(badFrom.json().errors).toEqual({ from: 'Posizione non valida: scrivi per esempio 0/0 o 1234/5678.' });
    const badType = await admin.browser.get('/api/admin/events/export?types=Store;DROP');
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors).toEqual({ types: 'Tipo di evento non valido.' });
  });
});

describe('recent events', () => {
  it('lists the latest events newest first, in Italian, with who did them', async () => {
    const owner = await loggedIn(t, 'shopkeeper');
    const created = await owner.browser.post('/api/stores', {
      name: 'Latteria Sole',
      address: 'Via Roma 3, Roma',
      ...places.rome,
      openingHours: alwaysOpen,
      category: 'alimentari',
    });
    expect(created.statusCode).toBe(201);
    const approved = await admin.browser.request('PUT', `/api/admin/stores/${created.json().id}`, { status: 'active' });
    expect(approved.statusCode).toBe(200);
    // An Idempotency-Key's claim is bookkeeping, not activity.
    await claimIdempotencyKey(t.system.store, idempotencyClaim('prova', owner.id, 'chiave-di-prova', { n: 1 }), systemContext());

    const res = await admin.browser.get('/api/admin/events/recent?limit=3');
    expect(res.statusCode).toBe(200);
    const recent = res.json();
    expect(recent).toHaveLength(3);
    expect(recent[0]).toEqual({
      position: expect.any(String),
      type: 'StoreApproved',
      italianName: 'Negozio approvato',
      time: expect.any(String),
      actor: { userId: admin.id, username: admin.username, role: 'admin' },
      streamId: `store-${created.json().id}`,
      summary: 'Negozio «Latteria Sole» approvato.',
    });
    expect(recent[1]).toMatchObject({
      type: 'StoreCreated',
      italianName: 'Negozio creato',
      actor: { userId: owner.id, username: owner.username, role: 'shopkeeper' },
      summary: 'Nuovo negozio «Latteria Sole» in attesa di approvazione.',
    });
    expect(recent[2]).toMatchObject({ type: 'UserRegistered', actor: null, summary: `Nuovo account «${owner.username}» (negoziante).` });
    for (let i = 1; i < recent.length; i++) expect(comparePositions(recent[i - 1].position, recent[i].position)).toBeGreaterThan(0);
    expect(Date.parse(recent[0].time)).toBeGreaterThanOrEqual(Date.parse(recent[1].time));

    expect((await admin.browser.get('/api/admin/events/recent')).json()).toHaveLength(10);
    const bad = await admin.browser.get('/api/admin/events/recent?limit=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ limit: 'Limite: un numero da 1 a 100.' });
  });
});
