import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { exampleSearches } from '../../web/src/features/home/examples.js';
import { hasBrowser } from './support/browser.js';
import { useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';

/*
 * Issue [17]'s walk, as a new customer makes it on the demo data: the home page's examples in each
 * demo city, the words people type (a typo in a plural, what a thing is), and browsing without typing.
 */

const journey = useJourney();

/** The count line of the products' list once it has an answer: "N prodotti entro 10 km da …". */
const productCount = async (page: Page, place: string): Promise<number> => {
  const line = page.getByText(new RegExp(`^[\\d.]+ prodott[oi] entro 10 km da ${place}$`));
  await expect.poll(() => line.isVisible(), { timeout: hangAfter(15_000) }).toBe(true);
  return Number((await line.textContent())!.split(' ')[0]!.replace(/\./g, ''));
};

/** The products listed, matching the words and of the same kind. */
const listed = (page: Page) => page.getByRole('list', { name: /^(Risultati|Prodotti simili)$/ }).getByRole('listitem');

/** The search page for `q`, from the home page's box, at the position already chosen. */
async function searchFromHome(page: Page, q: string): Promise<void> {
  await page.goto('/');
  await page.getByPlaceholder('Cerca prodotti o categorie...').fill(q);
  await page.getByRole('button', { name: 'Cerca', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === q);
}

describe.skipIf(!hasBrowser)('search that finds what people mean, in Chromium', () => {
  it('finds products for each of the home page’s examples in Roma, the default city, and in Milano', async () => {
    const { page } = await journey.tab();
    for (const city of ['Roma', 'Milano']) {
      if (city === 'Milano') {
        await page.goto('/');
        await page.getByRole('button', { name: 'Oppure scegli una città' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Milano', exact: true }).click();
        await expect.poll(() => page.getByText('45.4642', { exact: true }).isVisible()).toBe(true);
      }
      const place = city === 'Roma' ? 'Roma centro' : 'Milano';
      for (const example of exampleSearches) {
        await page.goto('/');
        await page.getByRole('link', { name: `«${example}»` }).click();
        await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === example);
        expect(await productCount(page, place), `«${example}» in ${city}`).toBeGreaterThan(0);
        expect(await listed(page).count(), `«${example}» in ${city}`).toBeGreaterThan(0);
      }
    }
  });

  for (const width of [375, 1280]) {
    it(`«lampadne» finds the bulbs and says it read «lampadine», offering the words as typed (${width} px)`, async () => {
      const { page } = await journey.tab(width);
      await searchFromHome(page, 'lampadne');
      await expect.poll(() => page.getByRole('heading', { name: 'Risultati per «lampadine»' }).isVisible(), { timeout: hangAfter(15_000) }).toBe(true);
      expect(await page.getByRole('link', { name: 'Lampadina LED E27 10 W' }).first().isVisible()).toBe(true);
      // Each result says its shop, its distance and whether it can be picked up today.
      const card = listed(page).filter({ hasText: 'Lampadina LED E27 10 W' }).filter({ hasText: 'Ferramenta Trastevere' });
      expect(await card.getByRole('link', { name: 'Ferramenta Trastevere' }).isVisible()).toBe(true);
      expect(await card.getByText(/^\d+(,\d)? (km|m)$/).isVisible()).toBe(true);
      expect(await card.getByText(/^(Ritiro oggi|Non ritirabile oggi)$/).isVisible()).toBe(true);
      await noSideScroll(page, width);

      await page.getByRole('link', { name: 'Cerca invece «lampadne»' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Risultati per «lampadne»' }).isVisible()).toBe(true);
      expect(await page.getByText('Parole cercate come le hai scritte.').isVisible()).toBe(true);
      await page.getByRole('link', { name: 'Correggi gli errori di battitura' }).click();
      await expect.poll(() => page.getByRole('heading', { name: 'Risultati per «lampadine»' }).isVisible()).toBe(true);
    });

    it(`«pasta» and «formaggio» find what they are, said above the results and listed after direct matches (${width} px)`, async () => {
      const { page } = await journey.tab(width);
      for (const [q, found, word] of [
        ['pasta', /^Spaghetti di Gragnano IGP/, 'spaghetti'],
        ['formaggio', 'Pecorino romano DOP', 'pecorino'],
      ] as const) {
        await searchFromHome(page, q);
        expect(await productCount(page, 'Roma centro'), q).toBeGreaterThan(0);
        const also = page.getByText(/^Anche: /);
        await expect.poll(() => also.isVisible()).toBe(true);
        expect((await also.textContent())!.toLowerCase()).toContain(word);
        // It does not say «pasta» in its name: a product of the same kind, under its own heading.
        expect(await page.getByRole('heading', { name: 'Prodotti simili' }).isVisible()).toBe(true);
        expect(await page.getByRole('list', { name: 'Prodotti simili' }).getByRole('link', { name: found }).isVisible(), q).toBe(true);
        await noSideScroll(page, width);
      }
    });
  }

  it('finds nothing for words no product has: says so and what the customer may have meant, as links', async () => {
    const { page } = await journey.tab(375);
    await searchFromHome(page, 'lampadine marziane');
    await expect.poll(() => page.getByRole('heading', { name: 'Nessun risultato per «lampadine marziane»' }).isVisible(), { timeout: hangAfter(15_000) }).toBe(true);
    expect(await page.getByText('Forse cercavi…').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'lampadine', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Risultati per «lampadine»' }).isVisible()).toBe(true);
    expect(await productCount(page, 'Roma centro')).toBeGreaterThan(0);
    await noSideScroll(page, 375);
  });

  it('finds nothing within a kilometre: the shops farther away that have it, and the radius that reaches them', async () => {
    const { page } = await journey.tab(1280);
    await page.goto('/search?q=lampadine&radius=1');
    await expect.poll(() => page.getByRole('heading', { name: 'Nessun risultato per «lampadine»' }).isVisible(), { timeout: hangAfter(15_000) }).toBe(true);
    const beyond = page.getByRole('region', { name: 'Più lontano lo trovi qui' });
    expect(await beyond.getByRole('link', { name: 'Ferramenta Trastevere' }).isVisible()).toBe(true);
    expect(
      await beyond
        .getByText(/^\d+ prodott[oi]$/)
        .first()
        .isVisible(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Cerca entro 5 km' }).click();
    await expect.poll(() => page.getByText(/^[1-9]\d* prodott[oi] entro 5 km da Roma centro$/).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Lampadina LED E27 10 W' }).first().isVisible()).toBe(true);
    await page.goto('/search?q=lampadine&radius=1');
    await expect.poll(() => page.getByRole('region', { name: 'Più lontano lo trovi qui' }).getByRole('link', { name: 'Ferramenta Trastevere' }).isVisible()).toBe(true);
    await page.getByRole('region', { name: 'Più lontano lo trovi qui' }).getByRole('link', { name: 'Ferramenta Trastevere' }).click();
    await page.waitForURL('**/stores/ferramenta-trastevere');
  });

  it('browses without typing: a category’s products nearby, then the shops nearby, open now, with pickup or shipping, on the map', async () => {
    const { page } = await journey.tab(375);
    await page.goto('/');
    const categories = page.getByRole('navigation', { name: 'Prodotti vicini per categoria' });
    await categories.getByRole('link', { name: 'Alimentari', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('category') === 'alimentari' && !url.searchParams.has('q'));
    expect(await productCount(page, 'Roma centro')).toBeGreaterThan(0);
    // The grocer's products, nearest first.
    await expect.poll(() => listed(page).first().getByRole('link', { name: 'Bottega di Gianni' }).isVisible()).toBe(true);
    await noSideScroll(page, 375);

    await page.getByRole('tab', { name: 'Negozi vicini' }).click();
    const shops = page.getByRole('list', { name: 'Negozi vicini' });
    await expect.poll(() => shops.getByRole('link', { name: 'Bottega di Gianni' }).isVisible()).toBe(true);
    // All categories again: the bakery is near too, and takes pickups but does not ship.
    await page.getByRole('navigation', { name: 'Sfoglia per categoria' }).getByRole('link', { name: 'Alimentari', exact: true }).click();
    await expect.poll(() => shops.getByRole('link', { name: 'Forno Monti' }).isVisible()).toBe(true);

    // The filters work from the keyboard, as toggles.
    const shipping = page.getByRole('button', { name: 'Spedizione', exact: true });
    await shipping.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => shipping.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => shops.getByRole('link', { name: 'Forno Monti' }).count()).toBe(0);
    expect(await shops.getByRole('link', { name: 'Bottega di Gianni' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Ritiro in negozio', exact: true }).click();
    await expect.poll(() => shops.getByRole('link', { name: 'Forno Monti' }).isVisible()).toBe(true);
    expect(await shipping.getAttribute('aria-pressed')).toBe('false');

    // Open now: every shop listed says so (at night none is, and the page says there is none).
    await page.getByRole('button', { name: 'Aperti ora', exact: true }).click();
    await expect.poll(() => page.url()).toContain('openNow=true');
    await expect
      .poll(async () =>
        (await shops.count()) === 0
          ? page.getByText('Nessun negozio qui intorno').isVisible()
          : (await shops.getByRole('listitem').count()) === (await shops.getByText('Aperto ora').count()),
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Aperti ora', exact: true }).click();

    await page.getByRole('button', { name: 'Mappa' }).click();
    await expect.poll(() => page.getByText(/^\d+ negoz[io] vicino a te\. Tocca un segnaposto/).isVisible()).toBe(true);
    await expect.poll(() => page.locator('.leaflet-marker-icon').count()).toBeGreaterThan(0);
    await noSideScroll(page, 375);
  });
});
