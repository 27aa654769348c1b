import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { apiSession, logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';
import { approvedShop } from './support/shops.js';

const journey = useJourney();

describe.skipIf(!hasBrowser)('a shop’s payment account, in Chromium', () => {
  useScreenshots();

  it('is activated from the shop’s settings on the test payments’ onboarding page; then customers can pay the shop online', async () => {
    const { store, owner } = await approvedShop(
      journey.site,
      { username: 'forno.conti', name: 'Marta Forno', email: 'marta@esempio.it', plan: true, testAccount: false },
      { name: 'Forno di Marta', address: 'Via dei Serpenti 10, Roma', latitude: 41.8953, longitude: 12.4923, onlinePaymentsEnabled: true, stripePaymentsEnabled: true },
    );
    const product = await owner('POST', '/api/products', { name: 'Pane casareccio', price: 3.2, stockQuantity: 20, category: 'alimentari' });
    const chiara = await apiSession(journey.site.url, 'cliente', 'vicino-cliente');
    await chiara('POST', '/api/cart/items', { productId: product.id, quantity: 1 });
    const methodsAtMarta = async () => ((await chiara('GET', '/api/cart')).stores as { id: string; paymentMethods: string[] }[]).find((s) => s.id === store.id)!.paymentMethods;
    // No account yet: card payments switched on, and still only cash at the counter.
    expect(await methodsAtMarta()).toEqual(['cash']);

    const { page } = await journey.tab(1280);
    await logIn(page, 'forno.conti', 'segreta1');
    await page.goto('/shopkeeper/store/settings?sezione=pagamenti');
    const testAccount = page.getByRole('region', { name: 'Pagamenti di prova' });
    await expect.poll(() => testAccount.getByText('Non collegato').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    expect(await page.getByText(/la piattaforma trattiene la commissione del tuo piano, il \d+(,\d+)? % del totale/).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/payment-accounts-none-1280.png`, fullPage: true });

    await testAccount.getByRole('button', { name: 'Attiva il conto di prova' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/pagamenti/prova/conto/'));
    await expect.poll(() => page.getByRole('heading', { name: 'Forno di Marta' }).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    expect(await page.getByText('Dati mancanti').isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/payment-accounts-onboarding-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Completa l’attivazione' }).click();

    // Back in the settings: the account is active, and Chiara can pay the shop online.
    await page.waitForURL((url) => url.pathname === '/shopkeeper/store/settings');
    await expect.poll(() => testAccount.getByText('Attivo', { exact: true }).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    expect(await testAccount.getByText(/gli incassi arrivano sul tuo conto, al netto della commissione/).isVisible()).toBe(true);
    await noSideScroll(page, 1280);
    await page.screenshot({ path: `${shots}/payment-accounts-active-1280.png`, fullPage: true });
    expect(await methodsAtMarta()).toEqual(['cash', 'sandbox']);

    const phone = (await journey.tab(375)).page;
    await logIn(phone, 'forno.conti', 'segreta1');
    await phone.goto('/shopkeeper/store/settings?sezione=pagamenti');
    await expect.poll(() => phone.getByRole('region', { name: 'Pagamenti di prova' }).getByText('Attivo', { exact: true }).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await noSideScroll(phone, 375);
    await phone.screenshot({ path: `${shots}/payment-accounts-active-375.png`, fullPage: true });

    // The admin reads the account's story on the shop's page, in words.
    const back = (await journey.tab(1280)).page;
    await logIn(back, 'admin', 'vicino-admin');
    await back.goto(`/admin/stores/${store.id}/show`);
    await back.getByRole('tab', { name: 'Conti di pagamento' }).click();
    const events = back.getByRole('list', { name: 'Eventi' });
    const updated = events.getByRole('listitem').filter({ hasText: '2. Stato del conto di pagamento aggiornato dal fornitore' });
    await expect.poll(() => updated.isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    const text = (await updated.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Pagamenti di prova');
    expect(text).toContain('Incassa pagamenti');
    expect(text).not.toMatch(/\b(sandbox|chargesEnabled|true|false)\b/);
    const connected = (await events.getByRole('listitem').filter({ hasText: '1. Conto di pagamento del negozio aperto presso il fornitore' }).innerText()).replace(/\s+/g, ' ');
    expect(connected).toContain('Titolare Negozio');
    await back.screenshot({ path: `${shots}/payment-accounts-admin-history-1280.png`, fullPage: true });
  });
});
