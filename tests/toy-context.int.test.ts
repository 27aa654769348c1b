import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { catalogOf, modules } from '../src/modules/index.js';
import { Browser, useTestApp } from './support/app.js';
import { useLoggedIn } from './support/marketplace.js';
import { toyModule } from './support/toy-context/module.js';

/*
 * Issue [18]: a new bounded context on the server is its folder plus one line. The toy context
 * (tests/support/toy-context/: a decider, a contract, commands, a projection with its own
 * migration, queries, routes, its manifest) joins the product by the one line below, as a real
 * module joins by its line in src/modules/index.ts; nothing else is touched: its migration is
 * applied, its read model runs, its routes answer, its events are named and audited.
 *
 * Files a new context touched: before, 4 — its folder, its line in src/modules/index.ts, its
 * migration in the central src/platform/db/migrations/, its line in docs/architecture.md's map.
 * Now, 2 that the system reads — its folder (its migrations in its own `migrations/`) and its line
 * in the list. A real module of src/modules still gets its line on docs/architecture.md's map,
 * which src/architecture.unit.test.ts asks of every folder there: documentation for people,
 * which nothing reads to run.
 */
const t = useTestApp({ catalog: catalogOf([...modules, toyModule]) });
const admin = useLoggedIn(t, 'admin');

describe('a toy context added by its folder and one line', () => {
  it('has its own migration applied with the product’s, after them', async () => {
    const { rows } = await t.db.pool.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
    expect(rows).toEqual([{ name: '900_toy_tallies.sql' }]);
  });

  it('decides through its route, and its read model answers what was decided', async () => {
    const browser = new Browser(t.app);
    const id = randomUUID();
    expect((await browser.get(`/api/toy/tallies/${id}`)).json()).toMatchObject({ message: 'Contatore non trovato.' });

    const counted = await browser.post(`/api/toy/tallies/${id}/count`, { by: 4 });
    expect([counted.statusCode, counted.json()]).toEqual([200, { id, total: 4 }]);
    await browser.post(`/api/toy/tallies/${id}/count`, { by: 6 });
    const refused = await browser.post(`/api/toy/tallies/${id}/count`, { by: 1 });
    expect([refused.statusCode, refused.json().message]).toEqual([422, 'Il contatore arriva al massimo a 10.']);
    const shown = await browser.get(`/api/toy/tallies/${id}`);
    expect([shown.statusCode, shown.json()]).toEqual([200, { id, total: 10 }]);
  });

  it('has its events named in Italian and its aggregate in the admin’s history', async () => {
    const id = randomUUID();
    await new Browser(t.app).post(`/api/toy/tallies/${id}/count`, { by: 3 });
    const history = await admin.browser.get(`/api/admin/history/toy-tally/${id}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().map((e: { type: string; italianName: string }) => [e.type, e.italianName])).toEqual([['ToyTallyCounted', 'Contatore giocattolo contato']]);
  });
});
