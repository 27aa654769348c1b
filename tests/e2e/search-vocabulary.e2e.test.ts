import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { alwaysOpen } from '../support/marketplace.js';
import { hasBrowser } from './support/browser.js';
import { apiSession, logIn, searchTheList, useJourney } from './support/journey.js';
import { noSideScroll } from './support/layout.js';
import { registered } from './support/server.js';

const journey = useJourney();
const shots = '.data/screenshots';

/** In Rome's Testaccio. */
const shopAt = { latitude: 41.8767, longitude: 12.4757 };

/** A logged-in API session of `username`. */
const session = (username: string, password: string) => apiSession(journey.site.url, username, password);

/** The names of the products a customer finds for `q` near the shop, and how each matched. */
async function found(q: string): Promise<{ name: string; match: string }[]> {
  const res = await fetch(`${journey.site.url}/api/search/products?q=${encodeURIComponent(q)}&lat=${shopAt.latitude}&lng=${shopAt.longitude}&radius=1`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { name: string; match: string }[] }).items.map(({ name, match }) => ({ name, match }));
}

async function shoot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

describe.skipIf(!hasBrowser)('the admin extends the search vocabulary in the back office, in Chromium', () => {
  it('finds a predefined entry, adds one that customers’ searches use at once, reads its history, and takes it out again', async () => {
    // A shop of Testaccio sells a «Zuppa inglese»: nobody finds it by asking for a «dessert».
    await registered(journey.site, { username: 'pasticceria.testaccio', name: 'Rita Pace', email: 'rita@esempio.it', password: 'segreta12', role: 'shopkeeper' });
    const owner = await session('pasticceria.testaccio', 'segreta12');
    const store = await owner('POST', '/api/stores', {
      name: 'Pasticceria Testaccio',
      address: 'Via Marmorata 12, Roma',
      category: 'panetteria',
      openingHours: alwaysOpen,
      ...shopAt,
    });
    const admin = await session('admin', 'vicino-admin');
    await admin('POST', `/api/admin/stores/${store.id}/approve`);
    await owner('POST', '/api/products', {
      name: 'Zuppa inglese della casa',
      description: 'Alchermes e crema pasticcera, vaschetta da 4 porzioni.',
      price: 12,
      stockQuantity: 5,
      category: 'panetteria',
    });
    await expect.poll(() => found('zuppa inglese')).toEqual([{ name: 'Zuppa inglese della casa', match: 'exact' }]);
    expect(await found('dessert')).toEqual([]);

    const { page } = await journey.tab();
    await logIn(page, 'admin', 'vicino-admin');

    // 1. The list holds the project's entries, found by a word.
    await page.goto('/admin/search-vocabulary');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Vocabolario della ricerca' }).isVisible()).toBe(true);
    await searchTheList(page, 'Termine o parola', 'spaghetti');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'pasta' }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'pasta' }).first().getByText('Predefinito').isVisible()).toBe(true);
    await shoot(page, 'search-vocabulary-list-1280');

    // 2. A new entry: «dessert» finds the kinds of dessert, the zuppa inglese among them.
    await page.goto('/admin/search-vocabulary/create');
    await page.getByRole('textbox', { name: 'Termine' }).fill('dessert');
    await page.getByRole('textbox', { name: 'Parole più specifiche' }).fill('zuppa inglese, tiramisù, panna cotta');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.waitForURL(/\/admin\/search-vocabulary\/[^/]+\/show$/);
    await expect.poll(() => page.getByText('Aggiunto dall’amministrazione').first().isVisible()).toBe(true);
    await shoot(page, 'search-vocabulary-show-1280');
    // Customers find it at once, after what matches as written (nothing here), as a related product.
    await expect.poll(() => found('dessert')).toEqual([{ name: 'Zuppa inglese della casa', match: 'related' }]);

    // 3. Its history says who added what, in Italian.
    await page.getByRole('tab', { name: 'Cronologia' }).click();
    const events = page.getByRole('list', { name: 'Eventi' });
    await expect.poll(() => events.getByRole('button').first().textContent()).toMatch(/1\. .*(aggiunt|Aggiunt)/);
    await expect.poll(() => events.getByText('admin (Amministratore)').first().isVisible()).toBe(true);

    // 4. Removed, the word no longer finds it.
    const id = new URL(page.url()).pathname.split('/')[3]!;
    await admin('DELETE', `/api/admin/search-vocabulary/${id}`);
    await expect.poll(() => found('dessert')).toEqual([]);

    // The list and an entry at a phone's width.
    const phone = (await journey.tab(375)).page;
    await logIn(phone, 'admin', 'vicino-admin');
    await phone.goto('/admin/search-vocabulary');
    await expect.poll(() => phone.getByText('Predefinito').first().isVisible()).toBe(true);
    await shoot(phone, 'search-vocabulary-list-375');
    await noSideScroll(phone, 375);
  });
});
