import { beforeAll, describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { openShop, useLoggedIn } from '../../../tests/support/marketplace.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

/* The search page's «Cerca invece “lampadne”» (issue [17]): the words as typed, none corrected. */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

// Ancona: no other test's shop is near.
const ancona = { latitude: 43.6158, longitude: 13.5189 };
const near = `lat=${ancona.latitude}&lng=${ancona.longitude}&radius=5`;

const names = async (query: string) => {
  const res = await new Browser(t.app).get(`/api/search/products?${near}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((i: { name: string }) => i.name);
};

beforeAll(async () => {
  await openShop(t, admin.browser, {
    name: 'Ferramenta del Porto',
    where: ancona,
    products: [
      { name: 'Lampadina alogena', category: 'ferramenta' },
      { name: 'Lampadne vintage', category: 'ferramenta' },
    ],
  });
}, hangAfter(60_000));

describe('a search as typed', () => {
  it('finds the words as written only, none of their corrections', async () => {
    // «lampadne» is two typos from «lampadina», which a word of 9 letters may carry.
    expect(await names('q=lampadina')).toEqual(['Lampadina alogena', 'Lampadne vintage']);
    expect(await names('q=lampadne&asTyped=true')).toEqual(['Lampadne vintage']);
    expect(await names('q=lampadina&asTyped=true')).toEqual(['Lampadina alogena']);
    expect(await names('q=lampadinna&asTyped=true')).toEqual([]);
    expect((await names('q=lampadinna&asTyped=false')).sort()).toEqual(['Lampadina alogena', 'Lampadne vintage']);
    expect((await names('q=lampadinna')).sort()).toEqual(['Lampadina alogena', 'Lampadne vintage']);
  });

  it('says nothing of a correction, and offers the best one when nothing is found as typed', async () => {
    const search = async (query: string) => (await new Browser(t.app).get(`/api/search/products?${near}&${query}`)).json();
    expect((await search('q=lampadinna')).interpretation.correctedQuery).toBe('lampadina');
    const typed = await search('q=lampadinna&asTyped=true');
    expect(typed.interpretation).toEqual({ correctedQuery: null, expansions: [] });
    expect(typed.suggestions[0]).toBe('lampadina');
  });

  it('refuses another value in Italian', async () => {
    const bad = await new Browser(t.app).get(`/api/search/products?${near}&q=lampadina&asTyped=si`);
    expect([bad.statusCode, bad.json().errors]).toEqual([400, { asTyped: 'Come scritto: true (le parole senza correzioni) o false.' }]);
  });
});
