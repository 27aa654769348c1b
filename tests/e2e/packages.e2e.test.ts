import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { fillRegistration, useJourney } from './support/journey.js';
import { alwaysOpen } from '../support/marketplace.js';

const journey = useJourney();

describe.skipIf(!hasBrowser)('a shop buys its plan, in Chromium', () => {
  it('a new shopkeeper cannot ship without a plan, buys Premium on the payments’ test page, and then switches shipping and card payments on', async () => {
    const { page } = await journey.tab(375);
    await fillRegistration(page, { username: 'bottega.piani', name: 'Paola Ferri', email: 'paola@esempio.it' }, '/auth?role=shopkeeper');
    await page.getByRole('button', { name: 'Crea il tuo account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const created = await page.request.post('/api/stores', { data: { name: 'Bottega dei Piani', address: 'Via Nazionale 10, Roma', latitude: 41.9, longitude: 12.49, openingHours: alwaysOpen, category: 'alimentari' } });
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
    await expect.poll(() => page.getByText('Il tuo piano è', { exact: false }).textContent(), { timeout: 20_000 }).toContain('Premium');
    expect(await page.getByRole('cell', { name: 'Premium' }).first().isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const allowed = await page.request.patch('/api/stores/me', { data: { shippingEnabled: true, pickupOnly: false, shippingRadius: 10, onlinePaymentsEnabled: true, stripePaymentsEnabled: true } });
    expect(allowed.status(), await allowed.text()).toBe(200);
  });
});
