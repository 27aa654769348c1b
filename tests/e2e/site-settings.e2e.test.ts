import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { useJourney } from './support/journey.js';

const journey = useJourney();

describe.skipIf(!hasBrowser)('site settings in Chromium', () => {
  it('paints the admin’s colours from the page itself and shows the maintenance banner to visitors', async () => {
    const admin = await journey.tab();
    expect((await admin.page.request.post('/api/login', { data: { username: 'admin', password: 'vicino-admin' } })).ok()).toBe(true);
    const save = (data: object) => admin.page.request.put('/api/admin/site-settings/current', { data });
    expect((await save({ primaryColor: '#1A73E8', maintenanceMode: true })).ok()).toBe(true);
    try {
      const { page } = await journey.tab(375);
      // No fetch of the settings can help: the colours must come with the page.
      await page.route('**/api/site-settings', (route) => route.abort());
      await page.goto('/');
      const badge = page.getByRole('link', { name: 'Vicino, torna alla home' }).first().locator('div').first();
      expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(26, 115, 232)');
      await expect
        .poll(() => page.getByText('Il sito è in manutenzione: puoi consultare negozi e prodotti, ma ordini, prenotazioni e modifiche sono sospesi per qualche minuto.').isVisible())
        .toBe(true);
    } finally {
      expect((await save({ primaryColor: '#FFD747', maintenanceMode: false })).ok()).toBe(true);
    }
    const { page } = await journey.tab();
    await page.goto('/');
    const badge = page.getByRole('link', { name: 'Vicino, torna alla home' }).first().locator('div').first();
    expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 215, 71)');
    expect(await page.getByText(/Il sito è in manutenzione/).count()).toBe(0);
  });
});
