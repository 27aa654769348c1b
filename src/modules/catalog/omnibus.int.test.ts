import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../platform/domain/context.js';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { loggedIn, logInAs, weekOf } from '../../../tests/support/marketplace.js';

/**
 * The Omnibus rule (Codice del Consumo art. 17-bis): a product on sale shows the lowest price of
 * the 30 days before its price began, computed from its price events; the admin sees the sales
 * announced without a real reduction; perishable goods are exempt.
 */
const t = useTestApp();

afterEach(() => {
  vi.useRealTimers();
});

const start = Date.parse('2026-03-02T09:00:00Z');
const day = (n: number) => new Date(start + n * 86_400_000);
/** A time of that day's first minute: the clock runs on from where a test set it. */
const onDay = (n: number) => expect.stringMatching(new RegExp(`^${day(n).toISOString().slice(0, 16)}`));
const hours = weekOf([{ open: '08:00', close: '20:00' }], []);
const where = { latitude: 43.7696, longitude: 11.2558 };

/** The clock moved to `n` days after the start, everyone logged in again (their logins lasted less). */
async function dayOf(n: number, people: { username: string; browser: Browser }[]) {
  vi.setSystemTime(day(n));
  for (const person of people) person.browser = await logInAs(t, person.username);
}

const person = (role: Role) => loggedIn(t, role);

describe('Omnibus prices', () => {
  it('shows the lowest price of the 30 days before, step by step: 10 → 8 → 12 → 9 over 40 days, and the admin sees the false sale', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: day(0), shouldAdvanceTime: true });
    const owner = await person('shopkeeper');
    const admin = await person('admin');
    const store = (
      await owner.browser.post('/api/stores', { name: 'Elettronica Omnibus', address: 'Via dei Servi 3, Firenze', ...where, openingHours: hours, category: 'elettronica' })
    ).json();
    expect((await admin.browser.post(`/api/admin/stores/${store.id}/approve`)).statusCode).toBe(200);
    const create = async (name: string, price: number, category: string) => {
      const res = await owner.browser.post('/api/products', { name, price, category, stockQuantity: 5 });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const cuffie = await create('Cuffie senza fili', 10, 'elettronica');
    const caricatore = await create('Caricatore rapido', 10, 'elettronica');
    const pesche = await create('Pesche noci', 10, 'ortofrutta');
    const setPrice = async (id: string, price: number, onSale = false) => {
      const res = await owner.browser.request('PATCH', `/api/products/${id}`, { price, onSale });
      expect(res.statusCode, res.body).toBe(200);
    };
    const shown = async (id: string) => {
      const res = await new Browser(t.app).get(`/api/products/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      const { price, onSale, priceSince, lowestPrice30Days } = res.json();
      return { price, onSale, priceSince, lowestPrice30Days };
    };
    const people = [owner, admin];

    expect(await shown(cuffie)).toEqual({ price: 10, onSale: false, priceSince: onDay(0), lowestPrice30Days: null });

    await dayOf(2, people);
    await setPrice(caricatore, 8);
    await dayOf(5, people);
    await setPrice(cuffie, 8);
    expect(await shown(cuffie)).toMatchObject({ price: 8, lowestPrice30Days: 10 });
    await dayOf(8, people);
    await setPrice(caricatore, 12);
    await dayOf(12, people);
    await setPrice(cuffie, 12);
    // 12 € is no reduction: the lowest of the 30 days before is 8 €.
    expect(await shown(cuffie)).toMatchObject({ price: 12, lowestPrice30Days: 8 });

    // Day 40: «in offerta» at 9 €. The cuffie had 8 € until day 12, inside the 30 days: no real
    // reduction. The caricatore had 12 € since day 8, its 8 € out of the 30 days: a real 25 %.
    await dayOf(40, people);
    await setPrice(cuffie, 9, true);
    await setPrice(caricatore, 9, true);
    await setPrice(pesche, 10, true);
    expect(await shown(cuffie)).toEqual({ price: 9, onSale: true, priceSince: onDay(40), lowestPrice30Days: 8 });
    expect(await shown(caricatore)).toMatchObject({ price: 9, onSale: true, lowestPrice30Days: 12 });

    // The reference belongs to the price: days later it is the same.
    await dayOf(44, people);
    expect(await shown(cuffie)).toMatchObject({ price: 9, lowestPrice30Days: 8, priceSince: onDay(40) });

    // The shop's page and the search carry it too.
    const listed = (await new Browser(t.app).get(`/api/stores/${store.id}/products`)).json<{ id: string; lowestPrice30Days: number | null }[]>();
    expect(listed.find((p) => p.id === cuffie)).toMatchObject({ lowestPrice30Days: 8 });
    const found = (await new Browser(t.app).get(`/api/search/products?q=cuffie&lat=${where.latitude}&lng=${where.longitude}&radius=5`)).json();
    expect(found.items.find((p: { id: string }) => p.id === cuffie)).toMatchObject({ price: 9, lowestPrice30Days: 8, onSale: true });

    // The admin's list: the cuffie (above its lowest), not the caricatore (a real reduction), not the pesche (perishable).
    const sales = await admin.browser.get(`/api/admin/product-sales?filter=${encodeURIComponent(JSON.stringify({ storeId: store.id }))}`);
    expect(sales.statusCode, sales.body).toBe(200);
    expect(sales.json()).toEqual([
      expect.objectContaining({
        id: cuffie,
        price: 9,
        lowestPrice30Days: 8,
        storeName: 'Elettronica Omnibus',
        reason: 'Il prezzo è più alto del più basso dei 30 giorni precedenti (€ 8,00).',
      }),
    ]);
    expect((await admin.browser.get(`/api/admin/product-sales/${cuffie}`)).json()).toMatchObject({ id: cuffie, lowestPrice30Days: 8 });
    expect((await admin.browser.get(`/api/admin/product-sales/${caricatore}`)).statusCode).toBe(404);

    // A sale on a price that never changed is no reduction either; back at full price it leaves the list.
    const nuovo = await create('Cavo USB-C', 5, 'elettronica');
    await setPrice(nuovo, 5, true);
    const again = (await admin.browser.get(`/api/admin/product-sales?filter=${encodeURIComponent(JSON.stringify({ storeId: store.id }))}`)).json<
      { id: string; reason: string }[]
    >();
    expect(again.map((s) => s.id).sort()).toEqual([cuffie, nuovo].sort());
    expect(again.find((s) => s.id === nuovo)!.reason).toBe('Nei 30 giorni prima del prezzo attuale non c’era un altro prezzo: nessun ribasso.');
    await setPrice(cuffie, 9, false);
    const after = (await admin.browser.get(`/api/admin/product-sales?filter=${encodeURIComponent(JSON.stringify({ storeId: store.id }))}`)).json<{ id: string }[]>();
    expect(after.map((s) => s.id)).toEqual([nuovo]);

    // Only an admin reads it.
    expect((await owner.browser.get('/api/admin/product-sales')).statusCode).toBe(403);
  });
});
