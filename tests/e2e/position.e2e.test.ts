import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';

const journey = useJourney();

/** Milan's centre, a kilometre or two from the demo shops of Brera and Isola. */
const milan = { latitude: 45.4654, longitude: 9.1897 };

/** The OpenStreetMap tile holding a point at a zoom: which part of the world a map draws. */
function tileOf({ latitude, longitude }: { latitude: number; longitude: number }, zoom: number): string {
  const n = 2 ** zoom;
  const rad = (latitude * Math.PI) / 180;
  const x = Math.floor(((longitude + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return `/${zoom}/${x}/${y}.png`;
}

const tiles = (page: Page) => page.locator('img.leaflet-tile').evaluateAll((imgs) => imgs.map((img) => new URL((img as HTMLImageElement).src).pathname));

describe.skipIf(!hasBrowser)('one position for the whole visit, in Chromium', () => {
  useScreenshots();
  it('searches from the position detected on the home page, on every page and after a reload', async () => {
    const { context, page } = await journey.tab(375);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(milan);
    await page.goto('/');
    await page.getByRole('button', { name: 'Attiva Geolocalizzazione' }).click();
    await expect.poll(() => page.getByText('45.4654', { exact: true }).isVisible()).toBe(true);

    await page.getByPlaceholder('Cerca prodotti o categorie...').fill('pomodori');
    await page.getByRole('button', { name: 'Cerca', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    // Milan's tomatoes, not Rome's: the search runs from where the customer is.
    const milanResults = async (p: Page) => {
      await expect.poll(() => p.getByText(/prodott[oi] entro 10 km da La tua posizione/).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
      await expect.poll(() => p.getByRole('link', { name: 'Pomodori ciliegini' }).isVisible()).toBe(true);
      expect(await p.getByText('Pomodori San Marzano DOP').count()).toBe(0);
    };
    await milanResults(page);

    await page.reload();
    await milanResults(page);

    // Another tab of the same browser, and the home page again: still Milan.
    const other = await context.newPage();
    await other.goto('/search?q=pomodori');
    await milanResults(other);
    await other.goto('/');
    await expect.poll(() => other.getByText('45.4654', { exact: true }).isVisible()).toBe(true);
    expect(await other.getByText('non rilevata').count()).toBe(0);
    await other.close();
  });

  it('searches from a district typed and chosen among the suggestions with the keyboard, at 375 px', async () => {
    const { page } = await journey.tab(375);
    await page.goto('/');
    await page.getByRole('button', { name: 'Oppure scegli una città' }).click();
    const dialog = page.getByRole('dialog');
    const field = dialog.getByRole('combobox', { name: 'Comune, quartiere, CAP o indirizzo' });
    await field.pressSequentially('trastev');
    const suggestion = page.getByRole('option', { name: /^Trastevere, Roma \(RM\)/ });
    await expect.poll(() => suggestion.isVisible()).toBe(true);
    expect(await page.getByText('Luoghi: ISTAT (CC BY 3.0 IT) e GeoNames (CC BY 4.0)').isVisible()).toBe(true);
    await noSideScroll(page, 375);
    await page.screenshot({ path: `${shots}/position-suggestions-375.png` });
    await field.press('ArrowDown');
    await field.press('Enter');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.getByText('Trastevere, Roma (RM)', { exact: true }).isVisible()).toBe(true);
    await page.goto('/search?q=pane');
    await expect.poll(() => page.getByText(/prodott[oi] entro 10 km da Trastevere, Roma \(RM\)/).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
  });

  it('searches from a city chosen under the home page’s position box', async () => {
    const { page } = await journey.tab();
    await page.goto('/');
    await page.getByRole('button', { name: 'Oppure scegli una città' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Milano', exact: true }).click();
    await expect.poll(() => page.getByText('45.4642', { exact: true }).isVisible()).toBe(true);
    await page.goto('/search?q=pomodori');
    await expect.poll(() => page.getByText(/prodott[oi] entro 10 km da Milano/).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Pomodori ciliegini' }).isVisible()).toBe(true);
    expect(await page.getByText('Pomodori San Marzano DOP').count()).toBe(0);
  });

  it('follows the admin’s default radius and map centre: the search page and its map, for a visitor who chose no position', async () => {
    const admin = await journey.tab();
    await logIn(admin.page, 'admin', 'vicino-admin');
    await admin.page.goto('/admin/google-maps-settings');
    const field = (label: string) => admin.page.getByLabel(label, { exact: true });
    await expect.poll(() => field('Raggio di ricerca predefinito (km)').inputValue()).toBe('10');
    await field('Raggio di ricerca predefinito (km)').fill('15');
    await field('Zoom predefinito della mappa').fill('13');
    // Bologna, where the demo has no shop: the map shows the centre itself.
    await field('Latitudine predefinita').fill('44.4949');
    await field('Longitudine predefinita').fill('11.3426');
    await admin.page.getByRole('button', { name: 'Salva' }).click();
    await expect.poll(() => admin.page.getByText('Impostazioni di Google Maps salvate').isVisible()).toBe(true);
    try {
      for (const width of [375, 1280]) {
        const { page } = await journey.tab(width);
        await page.goto('/');
        await expect.poll(() => page.getByText('Intanto cerchiamo intorno a Bologna centro.').isVisible()).toBe(true);
        await page.goto('/search');
        await expect.poll(() => page.getByText('0 prodotti entro 15 km da Bologna centro').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
        expect(await page.getByRole('combobox', { name: 'Distanza' }).textContent()).toBe('Entro 15 km');
        if (width < 900) await page.getByRole('button', { name: 'Mappa' }).click();
        // The map draws Bologna at the admin's zoom.
        await expect.poll(() => tiles(page), { timeout: hangAfter(10_000) }).toContain(tileOf({ latitude: 44.4949, longitude: 11.3426 }, 13));
        await noSideScroll(page, width);
      }
    } finally {
      const restored = await admin.page.request.put('/api/admin/google-maps-settings/current', {
        data: { defaultSearchRadius: 10, defaultMapZoom: 12, defaultLatitude: 41.9028, defaultLongitude: 12.4964 },
      });
      expect(restored.ok()).toBe(true);
    }
  });

  it('groups crowded pins on the maps while the admin asks for it', async () => {
    const { page } = await journey.tab();
    await logIn(page, 'admin', 'vicino-admin');
    await page.goto('/admin/stores');
    // The demo's shops of Rome and of Milan, seen from the whole of Italy: two groups.
    const groups = () => page.locator('.leaflet-marker-icon [role="img"]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    await expect.poll(groups, { timeout: hangAfter(10_000) }).toEqual(expect.arrayContaining([expect.stringMatching(/^\d negozi qui/)]));
    expect((await groups()).length).toBeGreaterThan(0);

    expect((await page.request.put('/api/admin/google-maps-settings/current', { data: { useClusteringForMarkers: false } })).ok()).toBe(true);
    try {
      await page.reload();
      await expect.poll(() => page.locator('.leaflet-marker-icon[title]').count(), { timeout: hangAfter(10_000) }).toBeGreaterThanOrEqual(5);
      expect(await groups()).toEqual([]);
    } finally {
      expect((await page.request.put('/api/admin/google-maps-settings/current', { data: { useClusteringForMarkers: true } })).ok()).toBe(true);
    }
  });
});
