import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { fetchSession, fillRegistration, logIn, useJourney } from './support/journey.js';
import { alwaysOpen } from '../support/marketplace.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';

const journey = useJourney();

describe.skipIf(!hasBrowser)('a shop buys its plan, in Chromium', () => {
  it('a new shopkeeper cannot ship without a plan, buys Premium on the payments’ test page, switches shipping and card payments on; a customer pays an order by card, the shop cancels it, and both see the refund', async () => {
    const { page } = await journey.tab(375);
    await fillRegistration(page, { username: 'bottega.piani', name: 'Paola Ferri', email: 'paola@esempio.it' }, '/auth?role=shopkeeper');
    await page.getByRole('button', { name: 'Crea il tuo account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const created = await page.request.post('/api/stores', {
      data: { name: 'Bottega dei Piani', address: 'Via Nazionale 10, Roma', latitude: 41.9, longitude: 12.49, openingHours: alwaysOpen, category: 'alimentari' },
    });
    expect(created.status(), await created.text()).toBe(201);

    // Without a plan, shipping is refused, naming the plans that allow it.
    const refused = await page.request.patch('/api/stores/me', { data: { shippingEnabled: true, pickupOnly: false, shippingRadius: 10 } });
    expect(refused.status()).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toContain('Premium');

    await page.goto('/shopkeeper/packages');
    const premium = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'Premium' }) });
    await premium.getByRole('button', { name: 'Acquista (pagamento di prova)' }).click();
    // The payments' test page, where a provider's page would be.
    await page.waitForURL((url) => url.pathname.startsWith('/pagamenti/prova/'));
    await expect.poll(() => page.getByText('nessun addebito reale', { exact: false }).first().isVisible()).toBe(true);
    await page.getByRole('button', { name: /^Paga / }).click();
    // Back on the packages' page, the plan shows once the payment is confirmed.
    await page.waitForURL((url) => url.pathname === '/shopkeeper/packages');
    await expect.poll(() => page.getByText('Il tuo piano è', { exact: false }).textContent(), { timeout: hangAfter(20_000) }).toContain('Premium');
    expect(await page.getByRole('cell', { name: 'Premium' }).first().isVisible()).toBe(true);
    await noSideScroll(page, 375);

    // With Premium, the shop's settings switch shipping and card payments on.
    await page.goto('/shopkeeper/store/settings?sezione=spedizione');
    await page.getByRole('radio', { name: 'Ritiro in negozio e spedizione a domicilio' }).check();
    await page.getByLabel('Raggio di spedizione').fill('10');
    await page.getByLabel('Costo di spedizione').fill('3');
    await page.getByRole('tab', { name: 'Pagamenti' }).click();
    await page.getByLabel('Accetta pagamenti online').check();
    await page.getByRole('button', { name: 'Salva le modifiche' }).click();
    await expect.poll(() => page.getByText('Impostazioni salvate').first().isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    // The customers' money goes to the shop's own account (issue [20]): the shopkeeper activates its test payments' one.
    const testAccount = page.getByRole('region', { name: 'Pagamenti di prova' });
    await testAccount.getByRole('button', { name: 'Attiva il conto di prova' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/pagamenti/prova/conto/'));
    await page.getByRole('button', { name: 'Completa l’attivazione' }).click();
    await page.waitForURL((url) => url.pathname === '/shopkeeper/store/settings');
    await expect.poll(() => testAccount.getByText('Attivo', { exact: true }).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    const mine = (await (await page.request.get('/api/stores/me')).json()) as {
      id: string;
      shippingEnabled: boolean;
      onlinePaymentsEnabled: boolean;
      stripePaymentsEnabled: boolean;
    };
    expect(mine).toMatchObject({ shippingEnabled: true, onlinePaymentsEnabled: true, stripePaymentsEnabled: true });
    const product = await page.request.post('/api/products', { data: { name: 'Caciotta dei Piani', price: 8.5, stockQuantity: 5, category: 'alimentari' } });
    expect(product.status(), await product.text()).toBe(201);
    const productId = ((await product.json()) as { id: string }).id;
    const approved = await (await fetchSession(journey.site.url, 'admin', 'vicino-admin'))('POST', `/api/admin/stores/${mine.id}/approve`);
    expect(approved.status).toBe(200);

    // A customer pays the order by card: the test payments stand where Stripe's page would be.
    const customer = (await journey.tab(375)).page;
    await logIn(customer, 'cliente', 'vicino-cliente');
    await customer.goto(`/products/${productId}`);
    await customer.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await expect.poll(async () => ((await (await customer.request.get('/api/cart')).json()) as { itemCount: number }).itemCount).toBe(1);
    await customer.goto('/customer/checkout');
    await customer.getByLabel('Telefono').fill('+39 333 7654321');
    await customer.getByRole('radio', { name: /pagamento di prova/ }).check();
    await customer.getByRole('button', { name: /^Conferma/ }).click();
    await customer.waitForURL((url) => url.pathname.startsWith('/pagamenti/prova/'));
    await expect.poll(() => customer.getByText('nessun addebito reale', { exact: false }).first().isVisible()).toBe(true);
    await customer.getByRole('button', { name: /^Paga / }).click();
    // Back on the order's page, paid once the provider's word is in.
    await customer.waitForURL(/\/customer\/orders\/[0-9a-f-]{36}/);
    const orderPath = new URL(customer.url()).pathname;
    await expect.poll(() => customer.getByTestId('payment-status').textContent(), { timeout: hangAfter(20_000) }).toBe('Pagato');
    await noSideScroll(customer, 375);

    // The shop sees it paid, accepts it, and then cancels it: the money goes back.
    const orderId = orderPath.split('/').pop()!;
    await page.goto(`/shopkeeper/orders/${orderId}`);
    await expect.poll(() => page.getByTestId('payment-status').textContent(), { timeout: hangAfter(10_000) }).toBe('Pagato');
    await page.getByRole('button', { name: 'Accetta', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Annulla ordine' }).first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Annulla ordine' }).first().click();
    await page.getByLabel('Motivo').fill('Caciotta finita, ci scusiamo');
    await page.getByRole('dialog').getByRole('button', { name: 'Annulla ordine' }).click();
    await expect.poll(() => page.getByTestId('payment-status').textContent(), { timeout: hangAfter(20_000) }).toBe('Rimborsato');
    await expect.poll(() => page.getByRole('main').textContent()).toContain('è stato rimborsato al cliente');
    await customer.goto(orderPath);
    await expect.poll(() => customer.getByTestId('payment-status').textContent(), { timeout: hangAfter(10_000) }).toBe('Rimborsato');
    expect(await customer.getByRole('main').textContent()).toContain('ti è stato rimborsato');
  });
});
