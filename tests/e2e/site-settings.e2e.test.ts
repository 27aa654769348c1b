import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { logIn, useJourney } from './support/journey.js';
import { noSideScroll } from './support/layout.js';

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
      // Text on the brand colour is chosen for contrast: white on this blue (the near-black would read at 3.4:1).
      expect(await badge.locator('svg').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
      await expect
        .poll(() =>
          page.getByText('Il sito è in manutenzione: puoi consultare negozi e prodotti, ma ordini, prenotazioni e modifiche sono sospesi per qualche minuto.').isVisible(),
        )
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

  it('saves the name, footer and contacts on the settings page: every page and its head show them', async () => {
    const { page } = await journey.tab();
    await logIn(page, 'admin', 'vicino-admin');
    await page.goto('/admin/site-settings');
    const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
    await expect.poll(() => field('Nome del sito').inputValue()).toBe('Vicino');
    await field('Nome del sito').fill('Vicino Testaccio');
    await field('Titolo per i motori di ricerca').fill('Vicino Testaccio — le botteghe del rione');
    await field('Descrizione per i motori di ricerca').fill('Pane, pasta e ferramenta del rione Testaccio: ordina e ritira in bottega.');
    await field('Testo a piè di pagina').fill('© Vicino Testaccio — botteghe & mercato');
    await field('Email di contatto').fill('ciao@testaccio.vicino.demo');
    await page.getByRole('button', { name: 'Aggiungi' }).click();
    await page.getByRole('textbox', { name: 'Social (es. instagram)' }).fill('instagram');
    await page.getByRole('textbox', { name: 'Link completo (https://…)' }).fill('https://instagram.com/vicino.testaccio');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect.poll(() => page.getByText('Impostazioni del sito salvate').isVisible()).toBe(true);
    try {
      // A visitor on a phone: the name in the header and the tab, the footer with its contacts.
      const visitor = (await journey.tab(375)).page;
      await visitor.goto('/');
      await expect.poll(() => visitor.title()).toBe('Vicino Testaccio — le botteghe del rione');
      await expect.poll(() => visitor.getByRole('link', { name: 'Vicino Testaccio, torna alla home' }).first().textContent()).toBe('Vicino Testaccio');
      const footer = visitor.locator('footer');
      await expect.poll(() => footer.getByText('© Vicino Testaccio — botteghe & mercato').isVisible()).toBe(true);
      expect(await footer.getByRole('link', { name: 'Scrivici: ciao@testaccio.vicino.demo' }).getAttribute('href')).toBe('mailto:ciao@testaccio.vicino.demo');
      expect(await footer.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe('https://instagram.com/vicino.testaccio');
      await noSideScroll(visitor, 375);
      await visitor.goto('/auth');
      await expect.poll(() => visitor.title()).toBe('Accedi — Vicino Testaccio');
      await expect.poll(() => visitor.getByText('Bentornato su Vicino Testaccio', { exact: true }).isVisible()).toBe(true);
      // The shop pages say it too, never the default name.
      await visitor.goto('/stores/00000000-0000-4000-8000-000000000000');
      await expect.poll(() => visitor.getByText('non è visibile su Vicino Testaccio.', { exact: false }).isVisible()).toBe(true);
      // Search engines read the head as the server wrote it, with no script run.
      const html = await (await fetch(`${journey.site.url}/stores/qualunque`)).text();
      expect(html).toContain('<title>Vicino Testaccio — le botteghe del rione</title>');
      expect(html).toContain('<meta name="description" content="Pane, pasta e ferramenta del rione Testaccio: ordina e ritira in bottega." />');
      expect(html).toContain('<meta name="keywords" content="negozi locali, acquisti di quartiere, ritiro in negozio" />');
    } finally {
      const restored = await page.request.put('/api/admin/site-settings/current', {
        data: {
          siteName: 'Vicino',
          metaTitle: 'Vicino — compra nei negozi vicino a te',
          metaDescription: 'Trova i prodotti nei negozi della tua zona, ordina e ritira in negozio o ricevili a casa.',
          footerText: '© Vicino — il marketplace dei negozi di quartiere',
          contactEmail: '',
          socialLinks: {},
        },
      });
      expect(restored.ok()).toBe(true);
    }
  });
});
