import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGooglePeer, type GooglePeer } from '../support/google-peer.js';
import { hasBrowser } from './support/browser.js';
import { logIn, useJourney } from './support/journey.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';
import { approvedShop } from './support/shops.js';
import { accessible } from './support/accessibility.js';

/*
 * Issue [22]: with Google Places on, a shopkeeper links the shop to its Google place from the shop's
 * settings (found by its name and address, confirmed), and the shop's page shows Google's rating and
 * photo, credited, beside Vicino's own reviews; the admin sees which shops are linked. Google is its
 * loopback peer (Places API (New)), the photo a small image it serves.
 */

let google: GooglePeer;
beforeAll(async () => {
  google = await startGooglePeer();
});
afterAll(() => google?.close());

const journey = useJourney({ config: () => ({ GOOGLE_MAPS_API_URL: google.url }) });

describe.skipIf(!hasBrowser)('a shop linked to its Google place, in Chromium', () => {
  useScreenshots();

  it('is found by its name and address and confirmed by its shopkeeper; its page shows Google’s rating and photo; the admin lists it', async () => {
    const { store, admin } = await approvedShop(
      journey.site,
      { username: 'marta.forni', name: 'Marta Forni', email: 'marta@esempio.it' },
      { name: 'Forno Monti', address: 'Via dei Serpenti 10, 00184 Roma RM', latitude: 41.8955, longitude: 12.4934 },
    );
    await admin('PUT', '/api/admin/google-maps-settings/current', { apiKey: 'AIzaChiaveDiProva-1234567890', placesEnabled: true });

    const { page } = await journey.tab();
    await logIn(page, 'marta.forni', 'segreta1');
    await page.goto('/shopkeeper/store/settings');
    const section = page.getByRole('search', { name: 'Cerca il negozio su Google' });
    await expect.poll(() => section.isVisible()).toBe(true);
    await section.getByRole('button', { name: 'Cerca su Google' }).click();
    const found = page.getByRole('list', { name: 'Luoghi trovati su Google' });
    await expect.poll(() => found.getByText('Via dei Serpenti 10, 00184 Roma RM, Italia').isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/store-settings-google-found-1280.png`, fullPage: true });
    await found.getByRole('button', { name: /Forno Monti/ }).click();
    await expect.poll(() => page.getByText('Il negozio è collegato al suo luogo su Google.').isVisible()).toBe(true);
    expect(await page.getByText('4,6 su 5 · 128 recensioni').isVisible()).toBe(true);

    await page.setViewportSize({ width: 375, height: 800 });
    await noSideScroll(page, 375);
    await page.getByText('Il negozio è collegato al suo luogo su Google.').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/store-settings-google-linked-375.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    // A visitor on the shop's page, on a phone.
    const phone = await journey.tab(375);
    await phone.page.goto(`/stores/${store.slug}`);
    const onGoogle = phone.page.getByRole('region', { name: 'Su Google' });
    await expect.poll(() => onGoogle.getByText('4,6 su 5 · 128 recensioni').isVisible()).toBe(true);
    const photo = onGoogle.getByRole('img', { name: 'Foto del negozio su Google' });
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(2);
    expect(await onGoogle.getByRole('link', { name: 'Anna R.' }).getAttribute('href')).toBe('https://maps.google.com/contrib/1');
    expect(await onGoogle.getByRole('link', { name: 'Leggi le recensioni su Google Maps' }).getAttribute('href')).toBe('https://maps.google.com/?cid=123');
    expect(await onGoogle.getByText('Valutazione e foto fornite da Google').isVisible()).toBe(true);
    await noSideScroll(phone.page, 375);
    await accessible(phone.page);
    await onGoogle.scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: `${shots}/store-google-375.png` });
    await page.goto(`/stores/${store.slug}`);
    await expect.poll(() => page.getByRole('region', { name: 'Su Google' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${shots}/store-google-1280.png`, fullPage: true });

    // The admin's list of the shops on Google.
    const back = (await journey.tab()).page;
    await logIn(back, 'admin', 'vicino-admin');
    await back.goto('/admin/google-places');
    await expect.poll(() => back.getByText('Forno Monti').first().isVisible()).toBe(true);
    expect(await back.getByText('4,6').first().isVisible()).toBe(true);
    await back.screenshot({ path: `${shots}/admin-google-places-1280.png`, fullPage: true });
  });
});
