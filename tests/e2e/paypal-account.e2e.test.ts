import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaypalPeer, type PaypalPeer } from '../support/paypal-peer.js';
import { hangAfter } from '../support/time-limits.js';
import { hasBrowser } from './support/browser.js';
import { apiSession, logIn, useJourney } from './support/journey.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';
import { adminApi, approvedShop } from './support/shops.js';

/*
 * Issue [20]: a shopkeeper connects the shop's own PayPal business account from the shop's
 * settings, through PayPal's partner referral (PayPal played by its loopback server; its
 * onboarding pages, on PayPal's site, by the browser's interception of their address).
 */

let paypal: PaypalPeer;
beforeAll(async () => {
  paypal = await startPaypalPeer();
});
afterAll(() => paypal?.close());

const journey = useJourney({ config: () => ({ PAYPAL_API_URL: paypal.url }) });

describe.skipIf(!hasBrowser)('a shop’s PayPal account, in Chromium', () => {
  useScreenshots();

  it('is connected from the shop’s settings through PayPal’s onboarding: what PayPal still asks is said, then customers can pay the shop with PayPal', async () => {
    const admin = await adminApi(journey.site);
    await admin('PUT', '/api/admin/payment-settings/current', {
      paypalClientId: paypal.clientId,
      paypalClientSecret: paypal.clientSecret,
      paypalWebhookId: paypal.webhookId,
      paypalPartnerMerchantId: paypal.partnerMerchantId,
    });
    const { store, owner } = await approvedShop(
      journey.site,
      { username: 'enoteca.pp', name: 'Paola Vini', email: 'paola@esempio.it', plan: true, testAccount: false },
      { name: 'Enoteca di Paola', address: 'Via Cavour 30, Roma', latitude: 41.8955, longitude: 12.4958, onlinePaymentsEnabled: true, paypalPaymentsEnabled: true },
    );
    const product = await owner('POST', '/api/products', { name: 'Chianti classico', price: 14.5, stockQuantity: 12, category: 'alimentari' });
    const chiara = await apiSession(journey.site.url, 'cliente', 'vicino-cliente');
    await chiara('POST', '/api/cart/items', { productId: product.id, quantity: 1 });
    const methodsAtPaola = async () => ((await chiara('GET', '/api/cart')).stores as { id: string; paymentMethods: string[] }[]).find((s) => s.id === store.id)!.paymentMethods;
    // PayPal switched on for the shop, and no account of its own yet: not offered.
    expect(await methodsAtPaola()).not.toContain('paypal');

    const { page } = await journey.tab(1280);
    // PayPal's onboarding, on PayPal's site: the shopkeeper signs up without confirming the
    // account's e-mail yet, and PayPal sends them back to the return URL of the referral (its
    // address on this test site: PUBLIC_URL names the site in production).
    let confirmed = false;
    await page.route('https://www.paypal.test/**', async (route) => {
      const referral = paypal.referrals.at(-1)!;
      const { returnUrl } = paypal.onboard(referral.tracking_id, { emailConfirmed: confirmed });
      const back = new URL(returnUrl);
      await route.fulfill({ status: 302, headers: { location: `${journey.site.url}${back.pathname}${back.search}` } });
    });
    await logIn(page, 'enoteca.pp', 'segreta1');
    await page.goto('/shopkeeper/store/settings?sezione=pagamenti');
    const section = page.getByRole('region', { name: 'PayPal' });
    await expect.poll(() => section.getByText('Non collegato').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await page.screenshot({ path: `${shots}/paypal-account-none-1280.png`, fullPage: true });

    await section.getByRole('button', { name: 'Collega il conto PayPal' }).click();
    // Back from PayPal: the account is read from PayPal, and what it still lacks is said in Italian.
    await page.waitForURL((url) => url.pathname === '/shopkeeper/store/settings');
    await expect.poll(() => section.getByText('la conferma dell’indirizzo e-mail del conto PayPal').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    expect(await section.getByText('Il fornitore chiede ancora:').isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.has('conto')).toBe(false);
    expect(paypal.referrals.at(-1)!.tracking_id).toBe(`store-${store.id}`);
    expect(await methodsAtPaola()).not.toContain('paypal');
    await noSideScroll(page, 1280);
    await page.screenshot({ path: `${shots}/paypal-account-missing-1280.png`, fullPage: true });

    // The e-mail confirmed on PayPal: «Aggiorna lo stato» reads it, and PayPal is offered at checkout.
    confirmed = true;
    paypal.onboard(paypal.referrals.at(-1)!.tracking_id, { emailConfirmed: true });
    await section.getByRole('button', { name: 'Aggiorna lo stato' }).click();
    await expect.poll(() => section.getByText('Attivo', { exact: true }).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    expect(await section.getByText('Il fornitore chiede ancora:').isVisible()).toBe(false);
    await expect.poll(methodsAtPaola, { timeout: hangAfter(10_000) }).toContain('paypal');
    await page.screenshot({ path: `${shots}/paypal-account-active-1280.png`, fullPage: true });

    const phone = (await journey.tab(375)).page;
    await logIn(phone, 'enoteca.pp', 'segreta1');
    await phone.goto('/shopkeeper/store/settings?sezione=pagamenti');
    await expect.poll(() => phone.getByRole('region', { name: 'PayPal' }).getByText('Attivo', { exact: true }).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await noSideScroll(phone, 375);
    await phone.screenshot({ path: `${shots}/paypal-account-active-375.png`, fullPage: true });
  });
});
