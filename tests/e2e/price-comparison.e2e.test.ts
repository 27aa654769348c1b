import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../src/platform/domain/context.js';
import { hasBrowser } from './support/browser.js';
import { apiSession, logIn, useJourney } from './support/journey.js';
import { alwaysOpen, givePlan } from '../support/marketplace.js';
import { noSideScroll } from './support/layout.js';
import { registered } from './support/server.js';

const journey = useJourney();

/** Around Turin's Porta Nuova, where the demo seed has no shop: the shops are a few hundred metres apart. */
const around = (i: number) => ({ latitude: 45.0622 + i * 0.004, longitude: 7.6785 });
const barcode = `E2E-${randomUUID().slice(0, 8)}`;

/** A user made through the command and logged in over HTTP: its id and a fetch with its session. */
async function person(role: Role, username: string) {
  const { url } = journey.site;
  const userId = await registered(journey.site, { username, name: `Prova ${username}`, password: 'password1', role });
  const api = await apiSession(url, username, 'password1');
  const call = (method: string, path: string, body?: unknown) => api(method, path, body, { origin: url }) as Promise<{ id: string }>;
  return { id: userId, username, call };
}

/** A shop approved by `admin` at `where`, with a coffee of the shared barcode at `price` (and a product without one). */
async function shop(admin: Awaited<ReturnType<typeof person>>, name: string, where: { latitude: number; longitude: number }, price: number) {
  const owner = await person('shopkeeper', `${name.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 4)}`);
  const store = await owner.call('POST', '/api/stores', { name, address: 'Via Nizza 1, Torino', ...where, openingHours: alwaysOpen, category: 'alimentari' });
  await admin.call('POST', `/api/admin/stores/${store.id}/approve`);
  const coffee = await owner.call('POST', '/api/products', { name: 'Caffè macinato moka 250 g', price, stockQuantity: 5, category: 'alimentari', barcode });
  await owner.call('POST', '/api/products', { name: 'Pane casereccio', price: 2.2, stockQuantity: 5, category: 'alimentari' });
  return { owner, store, coffee };
}

describe.skipIf(!hasBrowser)('the price comparison on the pages, in Chromium', () => {
  it('a shop on Premium reads its place on its list and form, one without reads which plan gives it, the admin turns a customer’s on and they see the cheapest shops nearby; nothing overflows at 375 or 1280 px', async () => {
    const admin = await person('admin', `admin.confronto.${randomUUID().slice(0, 4)}`);
    const here = await shop(admin, 'Drogheria del Confronto', around(0), 3.2);
    await shop(admin, 'Emporio Porta Nuova', around(1), 2.9);
    await shop(admin, 'Bottega San Secondo', around(2), 3.5);
    const plain = await shop(admin, 'Alimentari Crocetta', around(3), 3.9);
    await givePlan(journey.site, here.owner.id, 'Premium');

    for (const width of [1280, 375]) {
      const { page } = await journey.tab(width);
      await logIn(page, here.owner.username, 'password1');
      await page.goto('/shopkeeper/products');
      await expect.poll(() => page.getByText(/Sei il 2° più economico su 4 negozi entro \d+\s?km/).isVisible()).toBe(true);
      expect(await page.getByText('min € 2,90 · mediana € 3,35 · max € 3,90').isVisible()).toBe(true);
      await noSideScroll(page, width);
      await page.goto(`/shopkeeper/products/${here.coffee.id}/edit`);
      await expect.poll(() => page.getByText(/Sei il 2° più economico su 4 negozi/).isVisible()).toBe(true);
      await noSideScroll(page, width);
    }

    const { page: without } = await journey.tab(375);
    await logIn(without, plain.owner.username, 'password1');
    await without.goto('/shopkeeper/products');
    await expect.poll(() => without.getByText('Il confronto prezzi è incluso nel piano «Premium»', { exact: false }).isVisible()).toBe(true);
    expect(await without.getByRole('link', { name: 'Vai a Pacchetti' }).getAttribute('href')).toBe('/shopkeeper/packages');
    expect(await without.getByText(/più economico/).count()).toBe(0);

    // The admin turns the customer's comparison on in the back office.
    const customer = await person('customer', `cliente.confronto.${randomUUID().slice(0, 4)}`);
    const { page: office } = await journey.tab();
    await logIn(office, 'admin', 'vicino-admin');
    await office.goto(`/admin/users/${customer.id}`);
    await office.getByLabel('Confronto prezzi attivo').check();
    await expect.poll(() => office.getByLabel('Confronto prezzi fino al').isVisible()).toBe(true);
    await office.getByRole('button', { name: 'Salva' }).click();
    await office.waitForURL(/\/admin\/users\/[0-9a-f-]+\/show$/);
    await expect.poll(() => office.getByText('senza scadenza').isVisible()).toBe(true);
    for (const width of [375, 1280]) {
      const { page } = await journey.tab(width);
      await logIn(page, customer.username, 'password1');
      await page.goto(`/products/${here.coffee.id}`);
      const nearby = page.getByRole('region', { name: 'I prezzi più bassi qui vicino' });
      await expect.poll(() => nearby.isVisible()).toBe(true);
      expect(await nearby.getByRole('link', { name: 'Emporio Porta Nuova' }).isVisible()).toBe(true);
      expect(await nearby.getByText('€ 2,90', { exact: true }).isVisible()).toBe(true);
      await noSideScroll(page, width);
    }
  });
});
