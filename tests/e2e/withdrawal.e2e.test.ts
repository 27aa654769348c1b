import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { apiSession, logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';
import { approvedShop } from './support/shops.js';
import { demoCustomerDetails } from '../support/marketplace.js';

/*
 * The right of withdrawal (src/modules/orders/withdrawal.ts), as the customer lives it: a shipped
 * order delivered, «Diritto di recesso» on its page says until when and why the bread stays sold;
 * she withdraws, the back office records the vase back for the shop, and her page says the money
 * is back.
 */

const journey = useJourney();

describe.skipIf(!hasBrowser)('the right of withdrawal, in Chromium', () => {
  useScreenshots();

  it('the customer withdraws from a delivered order on her phone; the back office records the goods back and her page says the refund was issued', async () => {
    const { owner, store } = await approvedShop(
      journey.site,
      { username: 'bottega.vaso', name: 'Vera Vasi', email: 'vera@esempio.it', plan: true },
      { name: 'Bottega del Vaso', address: 'Via Cavour 60, Roma', latitude: 41.8961, longitude: 12.4931 },
    );
    await owner('PATCH', '/api/stores/me', { pickupOnly: false, shippingEnabled: true, shippingRadius: 10, shippingCost: 4.5 });
    const vase = await owner('POST', '/api/products', { name: 'Vaso di ceramica', price: 20, stockQuantity: 5, category: 'casa' });
    const bread = await owner('POST', '/api/products', { name: 'Pane di Altamura', price: 3, stockQuantity: 5, category: 'panetteria' });

    // Chiara orders both, shipped home and paid at the door; the shop delivers it.
    const chiara = await apiSession(journey.site.url, 'cliente', 'vicino-cliente');
    for (const product of [vase, bread]) await chiara('POST', '/api/cart/items', { productId: product.id, quantity: 1 });
    const placed = await chiara(
      'POST',
      '/api/orders/checkout',
      {
        ...demoCustomerDetails,
        stores: [{ storeId: store.id, deliveryType: 'shipping', deliveryAddress: 'Via Nazionale 10, Roma', deliveryLatitude: 41.9, deliveryLongitude: 12.49 }],
      },
      { 'idempotency-key': randomUUID() },
    );
    const orderId = placed.orders[0].id as string;
    for (const move of ['accept', 'ready', 'ship', 'complete']) await owner('POST', `/api/orders/${orderId}/${move}`, {});

    const { page } = await journey.tab(375);
    await logIn(page, 'cliente', 'vicino-cliente');
    await page.goto(`/customer/orders/${orderId}`);
    const withdraw = page.getByRole('button', { name: 'Recedi dall’ordine' });
    await expect.poll(() => withdraw.isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await expect.poll(() => page.getByText(/Puoi recedere dall’ordine entro il/).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('list', { name: 'Prodotti esclusi dal recesso' }).textContent()).toMatch(/Pane di Altamura.*Prodotto deperibile/);
    await noSideScroll(page, 375);
    await page.screenshot({ path: `${shots}/withdrawal-possible-375.png`, fullPage: true });

    await withdraw.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Motivo/).fill('Il colore non è quello della foto');
    await dialog.getByRole('button', { name: 'Conferma il recesso' }).click();
    await expect
      .poll(() => page.getByTestId('withdrawal-state').textContent(), { timeout: hangAfter(10_000) })
      .toMatch(/^Recesso inviato: rispedisci la merce al negozio «Bottega del Vaso»/);

    // The vase comes back; the shop cannot say so itself, and the back office confirms it for it
    // (paid at the door: the shop gives the money back itself). Her page says so.
    const back = (await journey.tab(1280)).page;
    await logIn(back, 'admin', 'vicino-admin');
    await back.goto(`/admin/orders/${orderId}/show`);
    const state = back.getByTestId('withdrawal-state');
    await expect.poll(() => state.textContent(), { timeout: hangAfter(10_000) }).toMatch(/^Il cliente ha esercitato il recesso il .*: ti rispedirà la merce/);
    await back.getByRole('button', { name: 'Merce restituita: rimborsa' }).click();
    await back.getByRole('dialog').getByRole('button', { name: 'Merce restituita: rimborsa' }).click();
    await expect.poll(() => state.textContent(), { timeout: hangAfter(10_000) }).toMatch(/^Rimborso di €\s20,00 emesso il/);
    await noSideScroll(back, 1280);
    await back.screenshot({ path: `${shots}/withdrawal-admin-refunded-1280.png`, fullPage: true });
    await back.setViewportSize({ width: 375, height: 800 });
    await noSideScroll(back, 375);
    await back.screenshot({ path: `${shots}/withdrawal-admin-refunded-375.png`, fullPage: true });
    await page.reload();
    await expect.poll(() => page.getByTestId('withdrawal-state').textContent(), { timeout: hangAfter(10_000) }).toMatch(/^Rimborso di €\s20,00 emesso il/);
    await page.screenshot({ path: `${shots}/withdrawal-refunded-375.png`, fullPage: true });
  });
});
