import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { useJourney } from './support/journey.js';

const journey = useJourney();
const tab = journey.tab;

describe.skipIf(!hasBrowser)('public site in Chromium', () => {
  it('keeps the search button disabled until there is text, then searches', async () => {
    const { page } = await tab();
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Cerca', exact: true });
    expect(await button.isDisabled()).toBe(true);
    const box = page.getByRole('searchbox', { name: 'Cerca prodotti o categorie' }).or(page.getByPlaceholder('Cerca prodotti o categorie...'));
    await box.first().fill('   ');
    expect(await button.isDisabled()).toBe(true);
    await box.first().fill('pane');
    expect(await button.isDisabled()).toBe(false);
    await button.click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'pane');
    await expect.poll(() => page.getByRole('heading', { name: 'Risultati per «pane»' }).isVisible()).toBe(true);
  });

  it('leads from an info page to a registration with the account type chosen', async () => {
    const { page } = await tab(375);
    await page.goto('/info/gestisci-prodotti');
    await page.getByRole('link', { name: 'Apri il tuo negozio' }).first().click();
    await page.waitForURL('**/auth?role=shopkeeper');
    await expect.poll(() => page.getByText('Negoziante — vendo nel mio negozio').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('simulates the Milan position in the components demo after a second', async () => {
    const { page } = await tab();
    await page.goto('/components-demo');
    await page.getByRole('button', { name: 'Attiva Geolocalizzazione' }).first().click();
    await expect.poll(() => page.getByText('Rilevando...').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('45.4642').first().isVisible(), { timeout: 5000 }).toBe(true);
  });

  it('shows the site logo fallback and the header login link', async () => {
    const { page } = await tab();
    await page.goto('/info/panoramica');
    await expect.poll(() => page.getByRole('link', { name: 'Vicino, torna alla home' }).first().isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Accedi' }).first().click();
    await page.waitForURL('**/auth');
  });
});
