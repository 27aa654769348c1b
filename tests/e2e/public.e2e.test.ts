import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { useJourney } from './support/journey.js';
import { infoBodies } from '../../web/src/features/info/bodies.js';
import { infoPages } from '../../web/src/features/info/content.js';
import { demoShops } from '../../src/demo/index.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';

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
    await noSideScroll(page, 375);
  });

  it('simulates the Milan position in the components demo after a second', async () => {
    const { page } = await tab();
    await page.goto('/components-demo');
    await page.getByRole('button', { name: 'Attiva Geolocalizzazione' }).first().click();
    await expect.poll(() => page.getByText('Rilevando...').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('45.4642').first().isVisible(), { timeout: hangAfter(5000) }).toBe(true);
  });

  it('shows the site logo fallback and the header login link', async () => {
    const { page } = await tab();
    await page.goto('/info/panoramica');
    await expect.poll(() => page.getByRole('link', { name: 'Vicino, torna alla home' }).first().isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Accedi' }).first().click();
    await page.waitForURL('**/auth');
  });

  it('searches while typing from 2 characters', async () => {
    const { page } = await tab();
    await page.goto('/');
    const box = page.getByPlaceholder('Cerca prodotti o categorie...');
    await box.fill('p');
    expect(await page.getByText(/Prova con/).isVisible()).toBe(true);
    await box.fill('pa');
    expect(await page.getByText('Premi «Cerca» per trovare “pa” nei negozi vicini.').isVisible()).toBe(true);
    // On the results page the typed text becomes the query, with no submit.
    await page.goto('/search');
    await page.getByPlaceholder('Cerca prodotti o categorie...').pressSequentially('pane');
    await page.waitForURL((url) => url.searchParams.get('q') === 'pane');
    await expect.poll(() => page.getByRole('heading', { name: 'Risultati per «pane»' }).isVisible()).toBe(true);
  });

  it('takes the search position from a typed address, and pins every result’s shop on the map', async () => {
    const { page } = await tab();
    await page.goto('/search');
    await page.getByRole('button', { name: 'Cambia', exact: true }).click();
    // Issue [22]: the address lands in its comune (offline, by its postal code and name).
    const place = page.getByRole('combobox', { name: 'Comune, quartiere, CAP o indirizzo' });
    await place.fill('Via Brera 28, 20121 Mil');
    await expect.poll(() => page.getByRole('option', { name: /^20121 Milano \(MI\)/ }).isVisible()).toBe(true);
    await place.fill('Via Brera 28, 20121 Milano');
    await place.press('Enter');
    await expect.poll(() => page.getByLabel('Posizione: 20121 Milano (MI)').isVisible()).toBe(true);
    // Milan's results, not Rome's still shown while they load: every product of the Milan demo
    // shops (the Navigli one awaits approval), and a pin for each shop of the page's results.
    const milanProducts = demoShops.filter((s) => s.approved && s.profile.address.endsWith('Milano MI')).reduce((n, s) => n + s.products.length, 0);
    await expect
      .poll(() => page.getByText(`${milanProducts.toLocaleString('it-IT')} prodotti entro 10 km da 20121 Milano (MI)`).isVisible(), { timeout: hangAfter(10_000) })
      .toBe(true);
    const milan = (await (await page.request.get(`/api/geocoding/search?q=${encodeURIComponent('20121 Milano')}`)).json()) as { places: { latitude: number; longitude: number }[] };
    const { latitude, longitude } = milan.places[0]!;
    const firstPage = (await (await page.request.get(`/api/search/products?lat=${latitude}&lng=${longitude}&radius=10&pageSize=20`)).json()) as {
      items: { store: { id: string } }[];
    };
    const shops = new Set(firstPage.items.map((i) => i.store.id)).size;
    await expect.poll(() => page.getByText(new RegExp(`^${shops} ${shops === 1 ? 'negozio' : 'negozi'} con prodotti in questa pagina`)).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cambia', exact: true }).click();
    await page.getByRole('combobox', { name: 'Comune, quartiere, CAP o indirizzo' }).fill('Atlantide');
    await page.getByRole('combobox', { name: 'Comune, quartiere, CAP o indirizzo' }).press('Enter');
    await expect.poll(() => page.getByText('Nessun luogo corrisponde: controlla il comune, oppure scrivi il CAP.').isVisible()).toBe(true);
  });

  it('shows "non rilevata" when the position is refused, and 4 decimals when it is shared', async () => {
    const refused = await tab();
    await refused.page.goto('/');
    await refused.page.getByRole('button', { name: 'Attiva Geolocalizzazione' }).click();
    await expect.poll(() => refused.page.getByText(/Hai negato il permesso di usare la posizione/).isVisible()).toBe(true);
    expect(await refused.page.getByText('non rilevata', { exact: true }).isVisible()).toBe(true);

    const shared = await tab();
    await shared.context.grantPermissions(['geolocation']);
    await shared.context.setGeolocation({ latitude: 41.890213, longitude: 12.492231 });
    await shared.page.goto('/');
    await shared.page.getByRole('button', { name: 'Attiva Geolocalizzazione' }).click();
    await expect.poll(() => shared.page.getByText('41.8902', { exact: true }).isVisible()).toBe(true);
    expect(await shared.page.getByText('12.4922', { exact: true }).isVisible()).toBe(true);
    expect(await shared.page.getByText('non rilevata').count()).toBe(0);
    // Issue [22]: the point gets its name, the comune and the district it is in.
    await expect.poll(() => shared.page.getByText('Vicino a te: Roma, Celio', { exact: true }).isVisible()).toBe(true);
  });

  it('renders all nine info pages with a heading and their calls to action', async () => {
    const { page } = await tab();
    expect(infoPages).toHaveLength(9);
    for (const info of infoPages) {
      await page.goto(`/info/${info.slug}`);
      await page.getByRole('heading', { level: 1, name: info.title }).waitFor();
      for (const cta of infoBodies[info.slug].ctas) {
        const link = page.locator(`main a[href="${cta.to}"]`).filter({ hasText: cta.label });
        expect(await link.last().isVisible(), `${info.slug}: ${cta.label}`).toBe(true);
      }
    }
  });

  it('gives developers a hint on the 404 page', async () => {
    const { page } = await tab();
    await page.goto('/pagina/mancante');
    await expect.poll(() => page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
    expect(await page.getByText(/Hai dimenticato di aggiungere la pagina al router\?/).isVisible()).toBe(true);
    expect(await page.getByText('/pagina/mancante', { exact: true }).isVisible()).toBe(true);
  });

  it("opens the demo's side panel with Logout and its six links", async () => {
    const { page } = await tab(375);
    await page.goto('/components-demo');
    await page.getByRole('button', { name: 'Apri il menu' }).click();
    const panel = page.getByRole('dialog');
    await expect.poll(() => panel.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);
    const links = await panel.getByRole('link').evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.textContent]));
    expect(links).toEqual([
      ['/', 'Home/'],
      ['/products', 'Prodotti/products'],
      ['/stores', 'Negozi/stores'],
      ['/cart', 'Carrello/cart'],
      ['/settings', 'Impostazioni/settings'],
      ['/example', 'Esempio/example'],
    ]);
  });
});
