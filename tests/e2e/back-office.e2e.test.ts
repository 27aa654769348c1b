import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { alwaysOpen, customerDetails, givePlan } from '../support/marketplace.js';
import { hasBrowser } from './support/browser.js';
import { apiSession, logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { overflows } from './support/layout.js';
import { registered } from './support/server.js';

const journey = useJourney();

/** In Rome's Testaccio, where the demo seed has no shop. */
const shopAt = { latitude: 41.8767, longitude: 12.4757 };
const shopName = 'Pastificio e Gastronomia Artigianale di Testaccio dal 1962';

/** A logged-in API session for the set-up, as a plain HTTP client would have. */
const session = (username: string, password: string) => apiSession(journey.site.url, username, password);

/** A shop with a long name that ships for € 5,20, and a customer's order sent to their door. */
let placed: Promise<{ orderId: string; storeId: string; createdAt: string }> | undefined;
function shippedOrder() {
  placed ??= (async () => {
    const userId = await registered(journey.site, {
      username: 'pastificio.testaccio',
      name: 'Persona pastificio',
      email: 'pastificio@esempio.it',
      password: 'segreta12',
      role: 'shopkeeper',
    });
    const owner = await session('pastificio.testaccio', 'segreta12');
    const store = await owner('POST', '/api/stores', {
      name: shopName,
      address: 'Via Marmorata 40, Roma',
      category: 'alimentari',
      openingHours: alwaysOpen,
      ...shopAt,
    });
    await givePlan(journey.site, userId);
    await owner('PATCH', '/api/stores/me', { shippingEnabled: true, pickupOnly: false, shippingRadius: 10, shippingCost: 5.2, minimumOrderForShipping: 0 });
    const admin = await session('admin', 'vicino-admin');
    await admin('POST', `/api/admin/stores/${store.id}/approve`);
    const product = await owner('POST', '/api/products', { name: 'Tonnarelli freschi all’uovo', price: 4.2, stockQuantity: 30, category: 'alimentari' });
    const customer = await session('cliente', 'vicino-cliente');
    await customer('POST', '/api/favorites', { storeId: store.id });
    await customer('POST', '/api/cart/items', { productId: product.id, quantity: 2 });
    const checkout = await customer(
      'POST',
      '/api/orders/checkout',
      {
        ...customerDetails,
        stores: [{ storeId: store.id, deliveryType: 'shipping', deliveryAddress: 'Via Galvani 10, Roma', deliveryLatitude: 41.8777, deliveryLongitude: 12.4767 }],
      },
      { 'Idempotency-Key': 'back-office-journey-1' },
    );
    const orderId = checkout.orders[0].id as string;
    await owner('POST', `/api/orders/${orderId}/accept`);
    const order = await admin('GET', `/api/admin/orders/${orderId}`);
    return { orderId, storeId: store.id as string, createdAt: order.createdAt as string };
  })();
  return placed;
}

/** A tab whose browser runs on UTC, as a server or a traveller's laptop may. */
const utcTab = (width: number) => journey.tab(width, { timezoneId: 'UTC' });

/** Buttons and links of the selector that do not lie wholly inside the viewport and their scrolling container. */
async function hiddenParts(page: Page, selector: string) {
  return page.evaluate((selector) => {
    return Array.from(document.querySelectorAll(selector)).flatMap((b) => {
      const r = b.getBoundingClientRect();
      const box = b.closest('.RaLayout-content')?.getBoundingClientRect() ?? { left: 0, right: window.innerWidth };
      return r.left >= box.left - 1 && r.right <= Math.min(box.right, window.innerWidth) + 1 ? [] : [`«${b.textContent}» ${Math.round(r.left)}–${Math.round(r.right)}`];
    });
  }, selector);
}

const widths = [375, 1280];
/** Pages of a loaded machine may take seconds to show what they read. */
const patient = { timeout: hangAfter(15_000) };

describe.skipIf(!hasBrowser)('the back office reads like a product, in Chromium', () => {
  it('shows an order’s Cronologia in words: money, kinds, names linked to their records', async () => {
    const { orderId, storeId } = await shippedOrder();
    const { page } = await utcTab(1280);
    await logIn(page, 'admin', 'vicino-admin');
    await page.goto(`/admin/orders/${orderId}/show`);
    await page.getByRole('tab', { name: 'Cronologia' }).click();
    const placedEvent = page.getByRole('list', { name: 'Eventi' }).getByRole('listitem').filter({ hasText: '1. Ordine effettuato' });
    await expect.poll(() => placedEvent.isVisible(), patient).toBe(true);
    const text = (await placedEvent.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('€ 5,20');
    expect(text).toContain('Spedizione');
    expect(text).toContain('Contanti');
    expect(text).toContain('Giulia Bianchi');
    expect(text).not.toMatch(/\b(shipping|cash|pending)\b|\b5\.2\b/);
    // No bare ids: each one reads as its record's name.
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    const shop = placedEvent.getByRole('link', { name: shopName });
    expect(await shop.getAttribute('href')).toBe(`/admin/stores/${storeId}/show`);
    // Each label once: the shop is named by its link, not again as «storeName».
    const labels = await placedEvent.locator('dl').first().locator(':scope > div > dt').allInnerTexts();
    expect(labels.filter((l) => l === 'Negozio')).toHaveLength(1);
    expect(labels.filter((l) => l === 'Cliente')).toHaveLength(1);

    // The state after an event says its status in words too.
    await page.getByRole('list', { name: 'Eventi' }).getByRole('button').filter({ hasText: '2. Ordine accettato' }).click();
    await expect.poll(() => page.getByLabel('Stato a quel momento').getByText('In preparazione', { exact: true }).isVisible(), patient).toBe(true);

    await shop.click();
    await page.waitForURL(`**/admin/stores/${storeId}/show`);
  });

  it('shows the same order at the same time on the site and in the back office, with the browser on UTC', async () => {
    const { orderId, createdAt } = await shippedOrder();
    const rome = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(new Date(createdAt));
    const utc = new Intl.DateTimeFormat('it-IT', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' }).format(new Date(createdAt));
    expect(rome).not.toBe(utc);

    const customer = await utcTab(1280);
    await logIn(customer.page, 'cliente', 'vicino-cliente');
    await customer.page.goto(`/customer/orders/${orderId}`);
    await expect.poll(() => customer.page.locator('main').innerText(), patient).toContain(rome);

    const admin = await utcTab(1280);
    await logIn(admin.page, 'admin', 'vicino-admin');
    await admin.page.goto(`/admin/orders/${orderId}/show`);
    const main = admin.page.locator('#main-content');
    await expect.poll(() => main.innerText(), patient).toContain(rome);
    expect(await main.innerText()).not.toContain(utc);
  });

  for (const width of widths) {
    it(`fits every back-office page and the logged-in site at ${width} px, nothing cut`, async () => {
      await shippedOrder();
      const admin = await journey.tab(width);
      await logIn(admin.page, 'admin', 'vicino-admin');

      // Users: the table fits its column and every «Modifica» is in sight.
      await admin.page.goto('/admin/users');
      await expect.poll(() => admin.page.locator('#main-content').innerText(), patient).toContain('pastificio.testaccio');
      expect(await overflows(admin.page, ['.RaLayout-content', '.RaList-main'], [])).toEqual([]);
      expect(await hiddenParts(admin.page, '#main-content a, #main-content button')).toEqual([]);

      // Settings: no label cut short.
      for (const path of ['/admin/google-maps-settings', '/admin/openai-settings', '/admin/site-settings']) {
        await admin.page.goto(path);
        await expect.poll(() => admin.page.getByRole('button', { name: 'Salva' }).isVisible(), patient).toBe(true);
        expect(await overflows(admin.page, ['.RaLayout-content'], ['#main-content label', '#react-admin-title'])).toEqual([]);
      }

      // The customer's dashboard: the favourite's whole name, its rating in Italian, no stray dot.
      const customer = await journey.tab(width);
      await logIn(customer.page, 'cliente', 'vicino-cliente');
      const header = customer.page.locator('header').first();
      const headerRows = await header.evaluate((h) => {
        const tops = Array.from(h.querySelectorAll('a, button')).map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2));
        return { rows: new Set(tops.map((t) => Math.round(t / 20))).size, height: h.getBoundingClientRect().height };
      });
      expect(headerRows.rows).toBe(1);
      expect(headerRows.height).toBeLessThanOrEqual(72);
      expect(await overflows(customer.page, ['header'], [])).toEqual([]);

      await customer.page.goto('/dashboard/customer');
      const favourites = customer.page.locator('h2', { hasText: 'Negozi preferiti' }).locator('xpath=..');
      const card = favourites.getByRole('link').filter({ hasText: shopName });
      await expect.poll(() => card.isVisible(), patient).toBe(true);
      expect(await overflows(customer.page, [], ['.shop-name'])).toEqual([]);
      expect((await card.innerText()).replace(/\s+/g, ' ').trim()).toBe(`${shopName} Alimentari · 4,5`);
      expect(await overflows(customer.page, ['main'], [])).toEqual([]);
    });
  }

  for (const width of widths) {
    it(`leads from the back office back to the site at ${width} px`, async () => {
      const { page } = await journey.tab(width);
      await logIn(page, 'admin', 'vicino-admin');
      await page.goto('/admin/users');
      await page.getByRole('link', { name: 'Torna al sito' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect.poll(() => page.getByRole('link', { name: 'La mia area' }).isVisible(), patient).toBe(true);
    });
  }
});
