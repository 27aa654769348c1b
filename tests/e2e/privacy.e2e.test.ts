import { describe, expect, it } from 'vitest';
import { accessible } from './support/accessibility.js';
import { hasBrowser } from './support/browser.js';
import { fillRegistration, logIn, useJourney } from './support/journey.js';
import { noSideScroll } from './support/layout.js';

const journey = useJourney();

/*
 * Issue [21] in Chromium: the cookie notice (technical cookies only, closed with its X and not shown
 * again), the privacy policy with its retention table and cookies, the terms, the registration that
 * accepts them with the marketing e-mails asked apart; a person's «Privacy e dati» with the
 * download of their data and their consents; the admin's retention table and the editor of the
 * policy, whose new version the public page shows.
 */
describe.skipIf(!hasBrowser)('privacy and consumer law in Chromium', () => {
  it('a visitor reads the notice, the policy and the terms; registers accepting them; downloads their data and answers a consent', async () => {
    const { page } = await journey.tab(375, { cookieNotice: true });
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Avviso sui cookie' });
    await expect.poll(() => notice.getByRole('heading', { name: 'Solo cookie tecnici' }).isVisible()).toBe(true);
    await accessible(page);
    await notice.getByRole('button', { name: 'Chiudi l’avviso' }).click();
    await expect.poll(() => notice.isVisible()).toBe(false);
    await page.reload();
    await page.locator('footer').getByRole('link', { name: 'Privacy e cookie' }).click();
    await page.waitForURL((url) => url.pathname === '/privacy');
    await expect.poll(() => page.getByRole('heading', { name: 'Informativa sulla privacy', level: 1 }).isVisible()).toBe(true);
    // The notice stays closed on every page after.
    expect(await notice.count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Per quanto tempo conserviamo i dati' }).isVisible()).toBe(true);
    // The retention table arrives from the API after the policy's own text.
    await expect.poll(() => page.getByRole('cell', { name: '30 giorni dall’ultimo uso' }).isVisible()).toBe(true);
    expect(await page.getByRole('cell', { name: 'vicino_session' }).isVisible()).toBe(true);
    await noSideScroll(page, 375);
    await accessible(page);
    await page.locator('footer').getByRole('link', { name: 'Termini e condizioni' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Diritto di recesso' }).isVisible()).toBe(true);
    await accessible(page);

    await fillRegistration(page, { username: 'nives.c', name: 'Nives Corradi', email: 'nives@esempio.it' });
    expect(await page.getByText('(versioni 1 e 1)').isVisible()).toBe(true);
    await page.getByLabel(/Voglio ricevere e-mail promozionali/).check();
    await page.getByRole('button', { name: 'Crea il tuo account' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/customer/privacy');
    await expect.poll(() => page.getByRole('heading', { name: 'Scarica i tuoi dati' }).isVisible()).toBe(true);
    const marketing = page.getByRole('switch', { name: /E-mail promozionali/ });
    // Given at registration, ticked there.
    expect(await marketing.isChecked()).toBe(true);
    await accessible(page);
    await marketing.click();
    await expect.poll(() => page.getByText('Consenso ritirato').first().isVisible()).toBe(true);
    expect(await marketing.isChecked()).toBe(false);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'File completo (JSON)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^vicino-dati-nives\.c-\d{4}-\d{2}-\d{2}\.json$/);
    await noSideScroll(page, 375);
  });

  it('the admin reads the retention table and publishes a new version of the terms, which the public page shows with the old one listed', async () => {
    const { page } = await journey.tab(1280);
    await logIn(page, 'admin', 'vicino-admin');
    await page.goto('/admin/retention');
    await expect.poll(() => page.getByRole('cell', { name: '30 giorni dall’ultimo uso' }).isVisible()).toBe(true);
    await accessible(page);
    await page.goto('/admin/legal');
    await page.getByRole('tab', { name: 'Termini e condizioni' }).click();
    const text = page.getByRole('textbox', { name: 'Testo' });
    await expect.poll(async () => (await text.inputValue()).length).toBeGreaterThan(100);
    await text.fill(`${await text.inputValue()}\n\n## Consegne\n\nLe consegne avvengono nei giorni feriali.`);
    await page.getByRole('textbox', { name: /Che cosa cambia/ }).fill('Aggiunte le consegne.');
    await accessible(page);
    await page.getByRole('button', { name: 'Pubblica la versione 2' }).click();
    await expect.poll(() => page.getByText('Pubblicata la versione 2').isVisible()).toBe(true);

    await page.goto('/termini');
    await expect.poll(() => page.getByRole('heading', { name: 'Consegne' }).isVisible()).toBe(true);
    expect(await page.getByText(/Versione 2, in vigore dal/).isVisible()).toBe(true);
    await page.getByRole('link', { name: /Versione 1, del/ }).click();
    await expect.poll(() => page.getByText('Questa è una versione precedente.').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Consegne' }).count()).toBe(0);
  });
});
