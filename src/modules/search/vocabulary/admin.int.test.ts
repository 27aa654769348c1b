import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../../tests/support/app.js';
import { useLoggedIn } from '../../../../tests/support/marketplace.js';
import { baseEntryId } from './lookup.js';
import { baseVocabulary } from './vocabulary.it.js';

/* The back office's vocabulary of the search (issue [17]): the admin's API on react-admin's contract. */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');
const customer = useLoggedIn(t, 'customer');
const shopkeeper = useLoggedIn(t, 'shopkeeper');

const url = '/api/admin/search-vocabulary';
const list = async (query: { sort?: [string, string]; range?: [number, number]; filter?: object } = {}) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) params.set(name, JSON.stringify(value));
  const res = await admin.browser.get(`${url}?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json<{ id: string; term: string; origin: string; active: boolean; narrower: string[] }[]>(), contentRange: res.headers['content-range'] };
};
const put = (id: string, body: unknown) => admin.browser.request('PUT', `${url}/${id}`, body);
const history = async (id: string) => (await admin.browser.get(`/api/admin/history/search-vocabulary/${id}`)).json<{ type: string; italianName: string }[]>();

const beach = { term: 'cose da spiaggia', synonyms: ['articoli da mare'], narrower: ['ombrellone', 'telo mare'], categories: ['sport'] };

describe('the search vocabulary in the back office', () => {
  it('is for admins only', async () => {
    expect((await new Browser(t.app).get(url)).statusCode).toBe(401);
    for (const person of [customer, shopkeeper]) {
      expect((await person.browser.get(url)).statusCode).toBe(403);
      expect((await person.browser.post(url, beach)).statusCode).toBe(403);
      expect((await person.browser.request('DELETE', `${url}/${baseEntryId('pasta')}`)).statusCode).toBe(403);
    }
  });

  it('lists every built-in entry with its origin, searched ignoring accents, sorted, paged and counted', async () => {
    const all = await list({ range: [0, 9] });
    expect(all.contentRange).toBe(`search-vocabulary 0-9/${baseVocabulary.length}`);
    const found = await list({ filter: { q: 'PARMIGIANO' }, sort: ['term', 'ASC'] });
    expect(found.rows.map((r) => r.term)).toEqual(expect.arrayContaining(['formaggio', 'parmigiano']));
    expect(found.rows.find((r) => r.term === 'formaggio')).toMatchObject({ id: baseEntryId('formaggio'), origin: 'base', active: true, baseKey: 'formaggio', updatedAt: null });
    expect((await list({ filter: { q: 'caffe' } })).rows.map((r) => r.term)).toContain('caffè');
    expect((await list({ filter: { category: 'giocattoli' } })).rows.map((r) => r.term)).toEqual(expect.arrayContaining(['giocattoli', 'giochi da tavolo']));
  });

  it('adds, changes and removes an admin’s entry, each an event of its Cronologia in Italian', async () => {
    const created = await admin.browser.post(url, beach);
    expect(created.statusCode, created.body).toBe(201);
    const entry = created.json();
    expect(entry).toMatchObject({ ...beach, origin: 'admin', active: true, baseKey: null });
    expect((await list({ filter: { origin: 'admin' } })).rows.map((r) => r.id)).toEqual([entry.id]);

    // react-admin sends the whole record back.
    const changed = await put(entry.id, { ...entry, narrower: ['ombrellone', 'sdraio'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ narrower: ['ombrellone', 'sdraio'], origin: 'admin', updatedAt: expect.any(String) });

    const removed = await admin.browser.request('DELETE', `${url}/${entry.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: entry.id, narrower: ['ombrellone', 'sdraio'] });
    expect((await admin.browser.get(`${url}/${entry.id}`)).statusCode).toBe(404);
    expect((await history(entry.id)).map((e) => e.italianName)).toEqual([
      'Voce aggiunta al vocabolario della ricerca',
      'Voce del vocabolario della ricerca modificata',
      'Voce tolta dal vocabolario della ricerca',
    ]);
  });

  it('changes a built-in entry, switches it off and restores it as the project writes it', async () => {
    const id = baseEntryId('pasta');
    const pasta = (await admin.browser.get(`${url}/${id}`)).json();
    expect(pasta).toMatchObject({ term: 'pasta', origin: 'base', active: true });

    const changed = await put(id, { ...pasta, narrower: [...pasta.narrower, 'bavette'] });
    expect(changed.json()).toMatchObject({ origin: 'changed', active: true, narrower: expect.arrayContaining(['bavette']) });
    const off = await admin.browser.request('DELETE', `${url}/${id}`);
    expect(off.json()).toMatchObject({ origin: 'changed', active: true });
    expect((await admin.browser.get(`${url}/${id}`)).json()).toMatchObject({ origin: 'base', active: false, narrower: pasta.narrower });
    expect((await list({ filter: { active: false } })).rows.map((r) => r.id)).toEqual([id]);

    const restored = await admin.browser.post(`${url}/${id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ ...pasta });
    expect((await history(id)).map((e) => e.type)).toEqual(['SearchVocabularyEntryChanged', 'SearchVocabularyEntryRemoved', 'SearchVocabularyEntryRestored']);
  });

  it('answers bad input with a 4xx in Italian, never storing it', async () => {
    const refused = async (body: unknown, status: number, message: string) => {
      const res = await admin.browser.post(url, body);
      // A malformed body (400) names each field's fault; a rule (422) says it as the message.
      const said = status === 400 ? Object.values(res.json().errors ?? {}) : [res.json().message];
      expect([res.statusCode, said]).toEqual([status, [message]]);
    };
    await refused({ ...beach, term: undefined }, 400, 'Termine: campo obbligatorio.');
    await refused({ ...beach, narrower: 'ombrellone' }, 400, 'Parole più specifiche: un elenco di parole.');
    await refused({ ...beach, synonyms: Array.from({ length: 51 }, (_, i) => `parola${i}`) }, 400, 'Sinonimi: al massimo 50.');
    await refused({ ...beach, categories: ['gelateria'] }, 422, 'Categoria «gelateria» sconosciuta: scegline una delle categorie dei negozi.');
    await refused({ ...beach, narrower: ['ombrellone', 'Ombrellone'] }, 422, '«Ombrellone» è scritta due volte: scrivila una volta sola.');
    await refused(
      { ...beach, synonyms: [], narrower: [], categories: [] },
      422,
      'Aggiungi almeno un sinonimo, una parola più specifica o una categoria: altrimenti la voce non cambia la ricerca.',
    );
    await refused({ ...beach, term: 'x'.repeat(61) }, 422, 'Termine: «xxxxxxxxxxxxxxxxxxxx…» supera i 60 caratteri.');
    expect((await list({ filter: { origin: 'admin' } })).rows).toEqual([]);

    const restore = await admin.browser.post(`${url}/${(await admin.browser.post(url, beach)).json().id}/restore`);
    expect([restore.statusCode, restore.json().message]).toEqual([422, 'Solo una voce predefinita torna com’era: questa l’ha aggiunta l’amministrazione.']);
    const unknown = await admin.browser.get(`${url}/7d5e1c2a-0b3f-4c6d-9e8f-1a2b3c4d5e6f`);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Voce del vocabolario non trovata.']);
    expect((await admin.browser.get(`${url}?sort=${encodeURIComponent('["narrower","ASC"]')}`)).statusCode).toBe(400);
  });
});
