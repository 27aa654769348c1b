import { describe, expect, it } from 'vitest';
import { accessible, seriousViolations } from './support/accessibility.js';
import { hasBrowser } from './support/browser.js';
import { useJourney } from './support/journey.js';
import { enterOn, tabTo } from './support/keyboard.js';
import { noSideScroll } from './support/layout.js';

const journey = useJourney();

/**
 * Issue [19], accessibility as a habit: the public pages pass axe-core (WCAG 2.2 A/AA, no serious
 * or critical violation), and a customer orders with the keyboard alone. The signed-in areas are
 * audited page by page in menu-pages.e2e.test.ts and menu-pages-admin.e2e.test.ts.
 */
describe.skipIf(!hasBrowser)('accessibility, in Chromium', () => {
  it('the public pages, the statement among them, have no serious accessibility violation at 375 and 1280 px', async () => {
    const barriers: string[] = [];
    for (const width of [375, 1280]) {
      const { page } = await journey.tab(width);
      for (const path of ['/', '/auth', '/auth?tab=register', '/contatti', '/accessibilita', '/info/panoramica', '/search?q=pane']) {
        await page.goto(path);
        await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible(), { message: path }).toBe(true);
        barriers.push(...(await seriousViolations(page)).map((v) => `${width} ${path}: ${v}`));
      }
      // The statement: found from every public page's footer, it leads to the contact form with its subject.
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibilità' }).click();
      await page.waitForURL((url) => url.pathname === '/accessibilita');
      // The page is loaded on demand: the home page's heading stays a moment after the address changed.
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Dichiarazione di accessibilità');
      await noSideScroll(page, width);
      await page.screenshot({ path: `.data/screenshots/accessibility-statement-${width}.png`, fullPage: true });
      await page.getByRole('link', { name: 'Segnala un ostacolo' }).click();
      await page.waitForURL((url) => url.pathname === '/contatti');
      expect(await page.getByLabel('Oggetto').inputValue()).toBe('Segnalazione di accessibilità');
    }
    expect(barriers).toEqual([]);
  });

  it('a customer logs in, picks a city, searches, adds a product to the cart and orders it with the keyboard alone', async () => {
    const { page } = await journey.tab(1280);
    await page.goto('/auth');
    await tabTo(page, page.getByLabel('Username'));
    await page.keyboard.type('cliente');
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.type('vicino-cliente');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');

    // Where to search from: a city, in the dialog the home page opens.
    await enterOn(page, page.getByRole('button', { name: 'Oppure scegli una città' }));
    await enterOn(page, page.getByRole('dialog').getByRole('button', { name: 'Roma', exact: true }));
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await tabTo(page, page.getByPlaceholder('Cerca prodotti o categorie...').first());
    await page.keyboard.type('pane');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    const first = page.getByRole('list', { name: 'Risultati' }).getByRole('listitem').first().getByRole('link').first();
    await expect.poll(() => first.isVisible()).toBe(true);
    await accessible(page);
    const product = (await first.textContent())!.trim();
    await enterOn(page, first);
    await page.waitForURL((url) => url.pathname.startsWith('/products/'));
    await accessible(page);

    await enterOn(page, page.getByRole('button', { name: 'Aggiungi al carrello' }).first());
    await expect.poll(() => page.getByRole('link', { name: /^Carrello: 1 articolo/ }).count()).toBe(1);
    await enterOn(page, page.getByRole('link', { name: /^Carrello: 1 articolo/ }), { back: true });
    await page.waitForURL((url) => url.pathname === '/customer/cart');
    await accessible(page);
    await enterOn(page, page.getByRole('button', { name: 'Procedi all’ordine' }));
    await page.waitForURL((url) => url.pathname === '/customer/checkout');
    await tabTo(page, page.getByLabel('Telefono'));
    await page.keyboard.type('+39 333 7654321');
    await accessible(page);
    await enterOn(page, page.getByRole('button', { name: 'Conferma ordine' }));
    await page.waitForURL((url) => url.pathname === '/customer/checkout/confirmation');
    await expect.poll(() => page.getByRole('main').textContent()).toContain(product.slice(0, 20));
    await accessible(page);
  });
});
