import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { openShop, shopsNearby, useLoggedIn, weekOf } from '../../../tests/support/marketplace.js';
import { nearQueries } from './queries.js';

/* The search engine of issue [17]: Italian forms, elisions and accents; typos on any form; the
   vocabulary's expansions; tiers; availability; what a page says when it corrected, expanded or
   found nothing. */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

// Bologna: no other shop of this file's database is near.
const bologna = { latitude: 44.4949, longitude: 11.3426 };
const east = (km: number) => ({ latitude: bologna.latitude, longitude: bologna.longitude + km / 79.4 });
const at = `lat=${bologna.latitude}&lng=${bologna.longitude}`;

interface Found {
  name: string;
  match: string;
  openNow: boolean;
  pickupToday: boolean;
  store: { name: string };
}
/** `more`: further parameters; the radius is 10 km unless it names one. */
const search = async (q: string, more = '') => {
  const res = await new Browser(t.app).get(`/api/search/products?q=${encodeURIComponent(q)}&${at}${more.includes('radius=') ? '' : '&radius=10'}${more}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    items: Found[];
    total: number;
    interpretation: { correctedQuery: string | null; expansions: string[] };
    suggestions: string[];
    beyond: { store: { name: string }; distanceKm: number; products: number }[];
  }>();
};
const names = async (q: string, more = '') => (await search(q, more)).items.map((i) => i.name);
const matched = async (q: string, more = '') => (await search(q, more)).items.map((i) => [i.name, i.match]);
// Tomorrow at an hour of UTC: in Rome one or two hours later, whatever the season.
const tomorrowAt = (utcHour: number, minutes: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, utcHour, minutes));
};

beforeAll(async () => {
  const browser = admin.browser;
  await openShop(t, browser, {
    name: 'Bottega Felsina',
    where: east(1),
    products: [
      { name: 'Lampadina LED E27 10 W', price: 6 },
      { name: 'Olio extravergine di oliva', price: 9 },
      { name: 'Acqua minerale naturale', price: 0.5 },
      { name: 'Arancia rossa di Sicilia', price: 0.8 },
      { name: 'Caffè macinato', price: 4 },
      { name: 'Caffe in grani', price: 12, description: 'Tostatura media' },
      { name: 'Perché il mare è salato', price: 14, category: 'libreria' },
      { name: 'Spaghetti di Gragnano IGP', price: 2.5 },
      { name: 'Pecorino romano DOP', price: 7 },
      { name: 'Pasta fresca all’uovo', price: 3 },
      { name: 'Trenino di legno', price: 20, category: 'giocattoli' },
      { name: 'Panna da cucina', price: 1.1 },
    ],
  });
  // Open only in the morning, with one product sold out.
  await openShop(t, browser, {
    name: 'Mercato delle Erbe',
    where: east(3),
    store: { openingHours: weekOf([{ open: '09:00', close: '12:00' }]) },
    products: [
      { name: 'Pesche gialle', price: 3 },
      { name: 'Pesche noci', price: 3, stockQuantity: 0 },
    ],
  });
  await openShop(t, browser, { name: 'Frutta Sempre Aperta', where: east(3), products: [{ name: 'Pesche tabacchiere', price: 3 }] });
  // 30 km away: beyond a 10 km radius.
  await openShop(t, browser, {
    name: 'Drogheria Imola',
    where: east(30),
    products: [
      { name: 'Zafferano in pistilli', price: 5 },
      { name: 'Zafferano in polvere', price: 3 },
    ],
  });
  await openShop(t, browser, { name: 'Spezie Faenza', where: east(45), products: [{ name: 'Zafferano di Navelli', price: 9 }] });
});

describe('Italian forms, elisions and accents', () => {
  it('meets query and catalogue on their stems: plural and singular, masculine and feminine', async () => {
    expect(await matched('lampadine')).toEqual([['Lampadina LED E27 10 W', 'exact']]);
    expect(await names('arance rosse')).toEqual(['Arancia rossa di Sicilia']);
    expect(await names('pecorini romani')).toEqual(['Pecorino romano DOP']);
  });

  it('leaves elisions out, whichever apostrophe is typed', async () => {
    expect(await names("l'olio")).toEqual(['Olio extravergine di oliva']);
    expect(await names("dell'acqua")).toEqual(['Acqua minerale naturale']);
    expect(await names('un’arancia')).toEqual(['Arancia rossa di Sicilia']);
    expect(await names("quest'olio")).toEqual(['Olio extravergine di oliva']);
    expect(await names('lʼolio d’oliva')).toEqual(['Olio extravergine di oliva']);
    expect(await names("nell'acqua minerale")).toEqual(['Acqua minerale naturale']);
    // An accent typed as an apostrophe after the word stays an accent.
    expect((await matched("perche'"))[0]).toEqual(['Perché il mare è salato', 'exact']);
  });

  it('forgives missing accents both ways', async () => {
    expect((await names('caffe')).sort()).toEqual(['Caffe in grani', 'Caffè macinato']);
    expect((await names('caffè')).sort()).toEqual(['Caffe in grani', 'Caffè macinato']);
    // As written first; «pesche» is a typo away. The peaches' order depends on which shop is
    // open (see «ranks what is in stock and open now…»): the morning shop is closed at 13:30 in Rome.
    vi.useFakeTimers({ toFake: ['Date'], now: tomorrowAt(12, 30), shouldAdvanceTime: true });
    expect(await matched('perche', '&radius=10.01')).toEqual([
      ['Perché il mare è salato', 'exact'],
      ...['Pesche tabacchiere', 'Pesche gialle', 'Pesche noci'].map((n) => [n, 'corrected']),
    ]);
    expect((await matched('perché'))[0]).toEqual(['Perché il mare è salato', 'exact']);
    expect((await search('caffe')).interpretation.correctedQuery).toBeNull();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
});

describe('typos on any form of a word', () => {
  it('corrects a typo in a form the catalogue does not write, through the stems', async () => {
    // One typo from «lampadine», two from «lampadina», the form the catalogue holds.
    const page = await search('lampadne');
    expect(page.items.map((i) => [i.name, i.match])).toEqual([['Lampadina LED E27 10 W', 'corrected']]);
    expect(page.interpretation.correctedQuery).toBe('lampadine');
    expect(await names('lampadne led')).toEqual(['Lampadina LED E27 10 W']);
    expect((await search('Lampadne LED')).interpretation.correctedQuery).toBe('lampadine LED');
  });

  it('keeps the budget: no typo below 5 letters, and a short stem is a short word', async () => {
    expect(await names('pnna')).toEqual([]);
    expect(await names('lampdne')).toEqual([]);
  });

  it('says no correction when the words as written found something', async () => {
    const page = await search('lampadina');
    expect(page.items.map((i) => i.match)).toEqual(['exact']);
    expect(page.interpretation.correctedQuery).toBeNull();
  });
});

describe('the vocabulary', () => {
  it('finds what a word means, below what it finds as written, and says what else it searched', async () => {
    const pasta = await search('pasta');
    expect(pasta.items.map((i) => [i.name, i.match])).toEqual([
      ['Pasta fresca all’uovo', 'exact'],
      ['Spaghetti di Gragnano IGP', 'related'],
    ]);
    expect(pasta.interpretation.expansions).toContain('spaghetti');
    expect(pasta.interpretation.expansions.length).toBeLessThanOrEqual(8);
    expect(pasta.interpretation.correctedQuery).toBeNull();
    // Whatever the sort.
    for (const sort of ['distance', 'price', 'relevance']) expect(await names('pasta', `&sort=${sort}`)).toEqual(['Pasta fresca all’uovo', 'Spaghetti di Gragnano IGP']);
    expect(await matched('formaggio')).toEqual([['Pecorino romano DOP', 'related']]);
  });

  it('corrects a typo against the vocabulary’s words, then expands the correction', async () => {
    const page = await search('formagio');
    expect(page.items.map((i) => i.name)).toEqual(['Pecorino romano DOP']);
    expect(page.interpretation.correctedQuery).toBe('formaggio');
  });

  it('finds a category’s products by its name, and by the words that mean it', async () => {
    expect(await matched('giocattoli')).toEqual([['Trenino di legno', 'exact']]);
    expect(await matched('giochi')).toEqual([['Trenino di legno', 'related']]);
  });

  it('follows the admins’ changes from the next search on', async () => {
    // The same search asked twice just before is answered from the cache (ReadCache keeps an answer from its second ask): the change must reach it.
    expect(await names('spezie rare')).toEqual([]);
    expect(await names('spezie rare')).toEqual([]);
    const created = await admin.browser.post('/api/admin/search-vocabulary', { term: 'spezie rare', synonyms: [], narrower: ['panna'], categories: [] });
    expect(created.statusCode, created.body).toBe(201);
    const page = await search('spezie rare');
    expect(page.items.map((i) => [i.name, i.match])).toEqual([['Panna da cucina', 'related']]);
    expect(page.interpretation.expansions).toEqual(['panna']);
    expect((await admin.browser.request('DELETE', `/api/admin/search-vocabulary/${created.json().id}`)).statusCode).toBe(200);
    expect(await names('spezie rare')).toEqual([]);
  });

  it('ranks a page the same whichever of the tiers it reaches, and counts them all', async () => {
    // Only the tiers a page reaches are ranked (queries.ts searchProducts): page by page, the order of the whole list.
    const all = await names('pasta');
    expect(all).toHaveLength(2);
    for (let page = 1; page <= all.length; page++) {
      const one = await search('pasta', `&pageSize=1&page=${page}`);
      expect(one.items.map((i) => i.name)).toEqual([all[page - 1]]);
      expect(one.total).toBe(all.length);
    }
  });

  it('asks the words’ index in each cell, weights left out, as migration 014’s near_query() writes a cell’s words', async () => {
    const query = "('past' | 'spaghett':AB | ('penn':AB & 'rig':AB) | 'alimentar':B) & 'fresc':*A & !'l''oli' & ('sal' <-> 'gross')";
    const unweighted = "('past' | 'spaghett' | ('penn' & 'rig') | 'alimentar') & 'fresc':* & !'l''oli' & ('sal' <-> 'gross')";
    const cells = ['geod444_113', 'geod444_114'];
    const { rows } = await t.system.pool.query<{ js: string[]; sql: string[] }>(
      'SELECT $1::tsquery[]::text[] AS js, array(SELECT near_query($2::tsquery, ARRAY[c])::text FROM unnest($3::text[]) WITH ORDINALITY u (c, n) ORDER BY n) AS sql',
      [nearQueries(query, cells), unweighted, cells],
    );
    expect(rows[0]!.js).toEqual(rows[0]!.sql);
    expect(rows[0]!.js[1]).toBe(
      "( 'geod444_114:past' | 'geod444_114:spaghett' | 'geod444_114:penn' & 'geod444_114:rig' | 'geod444_114:alimentar' ) & 'geod444_114:fresc':* & !'geod444_114:l''oli' & 'geod444_114:sal' <-> 'geod444_114:gross'",
    );
  });

  it('says nothing of expansions that found nothing', async () => {
    const page = await search('lampadina');
    expect(page.interpretation.expansions).toEqual([]);
  });
});

describe('availability', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const when = async (moment: Date, q: string) => {
    vi.useFakeTimers({ toFake: ['Date'], now: moment, shouldAdvanceTime: true });
    // A radius of its own for each moment: the answer is computed now, not read from the cache.
    // As written only («Perché il mare è salato» is a typo away from "pesche").
    return (await search(q, `&radius=10.${moment.getUTCHours()}1`)).items.filter((i) => i.match === 'exact').map((i) => [i.name, i.openNow, i.pickupToday]);
  };

  it('says whether the shop is open now and whether the product can be picked up today, on Rome’s clock', async () => {
    // Before 09:00 in Rome: closed, pickup later today if in stock.
    // (Pesche tabacchiere: a shop open round the clock at the same place.)
    expect(await when(tomorrowAt(6, 30), 'pesche')).toEqual([
      ['Pesche tabacchiere', true, true],
      ['Pesche gialle', false, true],
      ['Pesche noci', false, false],
    ]);
    // Between 10:30 and 11:30: open.
    expect((await when(tomorrowAt(9, 30), 'pesche')).sort()).toEqual([
      ['Pesche gialle', true, true],
      ['Pesche noci', true, false],
      ['Pesche tabacchiere', true, true],
    ]);
    // After 13:30: closed for the day, no pickup today.
    expect((await when(tomorrowAt(12, 30), 'pesche')).slice(1)).toEqual([
      ['Pesche gialle', false, false],
      ['Pesche noci', false, false],
    ]);
  });

  it('offers no pickup where the shop has not stated its hours', async () => {
    await openShop(t, admin.browser, { name: 'Erboristeria Senza Orari', where: east(2), store: { openingHours: undefined }, products: [{ name: 'Tisana alla malva', price: 4 }] });
    expect((await search('tisana')).items.map((i) => [i.name, i.openNow, i.pickupToday])).toEqual([['Tisana alla malva', false, false]]);
  });

  it('ranks what is in stock and open now before what is not, after the sort’s own order', async () => {
    // Three peaches at one distance with one relevance: in stock and open, in stock, sold out.
    expect(await when(tomorrowAt(12, 30), 'pesche')).toEqual([
      ['Pesche tabacchiere', true, true],
      ['Pesche gialle', false, false],
      ['Pesche noci', false, false],
    ]);
    vi.useRealTimers();
    expect(await names('pesche noci')).toEqual(['Pesche noci']);
  });
});

describe('when nothing is found', () => {
  it('names the nearest shops beyond the radius that have it, with how many of their products match', async () => {
    const page = await search('zafferano');
    expect(page.items).toEqual([]);
    expect(page.beyond.map((b) => [b.store.name, Math.round(b.distanceKm), b.products])).toEqual([
      ['Drogheria Imola', 30, 2],
      ['Spezie Faenza', 45, 1],
    ]);
    expect(page.suggestions).toEqual([]);
    // Within the radius: none beyond it.
    expect((await search('zafferano', '&radius=40')).beyond).toEqual([]);
    expect((await search('zafferano', '&radius=40')).items.map((i) => i.name).sort()).toEqual(['Zafferano in pistilli', 'Zafferano in polvere']);
  });

  it('offers what might have been meant: a looser correction, the query without a word', async () => {
    expect((await search('pnna')).suggestions).toEqual(['panna']);
    expect((await search('panna tonno')).suggestions).toEqual(['panna']);
    // The last word dropped first; only what finds something.
    expect((await search('caffè tonno')).suggestions).toEqual(['caffè']);
    expect((await search('tonno caffè')).suggestions).toEqual(['caffè']);
    // Something found: no suggestion, no shop beyond.
    const found = await search('panna');
    expect([found.suggestions, found.beyond]).toEqual([[], []]);
    // Nothing anywhere.
    expect(await search('xylofono')).toMatchObject({ items: [], suggestions: [], beyond: [] });
  });
});

describe('nearby shops share the words’ forms and elisions', () => {
  const shops = (q: string) => shopsNearby(t, `${at}&radius=10&q=${encodeURIComponent(q)}`);

  it('finds a shop by another form of its words, with a typo, and after an elision', async () => {
    expect(await shops('botteghe felsina')).toEqual(['Bottega Felsina']);
    expect(await shops('mercati')).toEqual(['Mercato delle Erbe']);
    expect(await shops("quest'erboristeria")).toEqual(['Erboristeria Senza Orari']);
    expect(await shops('drogherie')).toEqual([]);
  });
});
