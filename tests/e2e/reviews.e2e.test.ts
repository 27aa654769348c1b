import { describe, expect, it } from 'vitest';
import { pastSession } from '../support/collaboration.js';
import { hasBrowser } from './support/browser.js';
import { apiSession, logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';
import { approvedShop, pickedUpOrder } from './support/shops.js';

const journey = useJourney();
const hour = 3_600_000;

const session = (username: string, password: string) => apiSession(journey.site.url, username, password);

describe.skipIf(!hasBrowser)('reviews, in Chromium', () => {
  useScreenshots();

  it('a customer reviews a completed order and sees it on the shop’s page; the shop answers it once', async () => {
    // A shop always open with one product; Chiara (the demo customer) picks an order up there.
    const { owner, store } = await approvedShop(
      journey.site,
      { username: 'forno.recensioni', name: 'Rita Forni', email: 'rita@esempio.it' },
      { name: 'Forno delle Recensioni', address: 'Via dei Serpenti 10, Roma', latitude: 41.8945, longitude: 12.4923 },
    );
    const product = await owner('POST', '/api/products', { name: 'Pane casereccio', price: 3.2, stockQuantity: 20, category: 'alimentari' });
    const orderId = await pickedUpOrder(journey.site, owner, store.id, product.id);

    // Chiara, on a phone: the completed order offers a review.
    const { page } = await journey.tab(375);
    await logIn(page, 'cliente', 'vicino-cliente');
    await page.goto(`/customer/orders/${orderId}`);
    const leave = page.getByRole('button', { name: 'Lascia una recensione' });
    await expect.poll(() => leave.isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await page.screenshot({ path: `${shots}/reviews-order-375.png`, fullPage: true });
    await leave.click();
    const dialog = page.getByRole('dialog', { name: 'Recensisci Forno delle Recensioni' });
    await dialog.getByRole('button', { name: 'Invia recensione' }).click();
    // Without stars it says what is missing.
    await expect.poll(() => dialog.getByText('Scegli da 1 a 5 stelle.').isVisible()).toBe(true);
    await dialog.locator('label', { hasText: '4 stelle' }).click();
    await dialog.getByLabel('Commento').fill('Pane ottimo e croccante, pronto all’ora giusta.');
    await page.screenshot({ path: `${shots}/reviews-form-375.png` });
    await dialog.getByRole('button', { name: 'Invia recensione' }).click();
    await expect.poll(() => page.getByText('La tua recensione: 4/5 · visibile.').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await noSideScroll(page, 375);

    await page.goto('/customer/reviews');
    await page.getByRole('tab', { name: /Scritte/ }).click();
    await expect.poll(() => page.getByText('Pane ottimo e croccante, pronto all’ora giusta.').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await noSideScroll(page, 375);
    await page.screenshot({ path: `${shots}/reviews-customer-375.png`, fullPage: true });

    // The shop answers from its «Recensioni», on a computer.
    const shop = await journey.tab(1280);
    await logIn(shop.page, 'forno.recensioni', 'segreta1');
    await shop.page.goto('/shopkeeper/reviews');
    await shop.page.getByRole('tab', { name: /Ricevute/ }).click();
    await shop.page.getByRole('button', { name: 'Rispondi' }).click();
    const reply = shop.page.getByRole('dialog', { name: 'Rispondi a Chiara Romano' });
    await expect.poll(() => reply.getByRole('button', { name: 'Bozza con l’AI' }).isVisible()).toBe(true);
    await reply.getByLabel('Risposta').fill('Grazie Chiara, a presto!');
    await shop.page.screenshot({ path: `${shots}/reviews-reply-1280.png` });
    await reply.getByRole('button', { name: 'Pubblica risposta' }).click();
    await expect.poll(() => shop.page.getByText('Grazie Chiara, a presto!').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    expect(await shop.page.getByRole('button', { name: 'Rispondi' }).count()).toBe(0);
    await shop.page.screenshot({ path: `${shots}/reviews-shopkeeper-1280.png`, fullPage: true });

    // The shop's public page: its rating instead of 4.5, the review and the answer.
    for (const width of [375, 1280]) {
      const visitor = await journey.tab(width);
      await visitor.page.goto(`/stores/${store.slug}`);
      const reviews = visitor.page.getByRole('region', { name: 'Recensioni dei clienti' });
      await expect.poll(() => reviews.getByText('Pane ottimo e croccante, pronto all’ora giusta.').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
      expect(await reviews.textContent()).toContain('Chiara R. · Cliente');
      expect(await reviews.textContent()).toContain('Grazie Chiara, a presto!');
      expect(await visitor.page.getByLabel('Valutazione 4,0 su 5').first().isVisible()).toBe(true);
      await noSideScroll(visitor.page, width);
      await reviews.scrollIntoViewIfNeeded();
      await visitor.page.screenshot({ path: `${shots}/reviews-store-${width}.png`, fullPage: true });
    }
  });

  it('the two sides of a session: the shop’s review stays hidden until the collaborator writes theirs; then the collaborator’s profile shows it', async () => {
    // A session of the demo shop with the demo collaborator, closed an hour ago (decided on its streams).
    const shop = await session('negoziante', 'vicino-negozio');
    const mine = await shop('GET', '/api/stores/me');
    const luca = await session('collaboratore', 'vicino-collabora');
    const me = await luca('GET', '/api/user');
    // Luca's profile, approved: what a shop reads of him.
    await luca('POST', '/api/collaborators', {
      address: 'Via dei Coronari 10, Roma',
      latitude: 41.9,
      longitude: 12.47,
      radiusKm: 5,
      services: ['product_management', 'product_photos'],
      bio: 'Catalogo e fotografie per i negozi del centro.',
    });
    await (await session('admin', 'vicino-admin'))('POST', `/api/admin/collaborators/${me.id}/approve`, { canActivateSessions: true });
    const end = Date.now() - hour;
    const { assignmentId, position } = await pastSession(
      journey.site.system.store,
      { store: mine, shopkeeperId: mine.userId, collaborator: me, description: 'Riordino del catalogo' },
      { start: end - hour, completedAt: end },
    );
    expect(await journey.site.system.projections.waitFor(position!, hangAfter(10_000))).toBe(true);

    // Gianni, on a computer: the assignment's completed session offers a review.
    const gianni = await journey.tab(1280);
    await logIn(gianni.page, 'negoziante', 'vicino-negozio');
    await gianni.page.goto(`/collaborator/assignments/${assignmentId}`);
    const leave = gianni.page.getByRole('button', { name: 'Lascia una recensione' });
    await expect.poll(() => leave.isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await leave.click();
    const form = gianni.page.getByRole('dialog', { name: `Recensisci ${me.name}` });
    for (const [label, stars] of [
      ['Valutazione complessiva', 5],
      ['Qualità', 5],
      ['Puntualità', 4],
      ['Comunicazione', 5],
      ['Professionalità', 5],
    ] as const) {
      await form
        .getByRole('radiogroup', { name: label })
        .locator('label', { hasText: `${stars} stelle` })
        .click();
    }
    await form.getByLabel('Commento').fill('Catalogo sistemato con cura, foto ottime.');
    await form.getByLabel('Sì').check();
    await form.getByLabel('Punti di forza').fill('Precisione');
    await gianni.page.screenshot({ path: `${shots}/reviews-session-form-1280.png`, fullPage: true });
    await form.getByRole('button', { name: 'Invia recensione' }).click();
    await expect.poll(() => gianni.page.getByText(/La tua recensione: 5\/5 · nascosta fino al/).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await gianni.page.screenshot({ path: `${shots}/reviews-session-sent-1280.png`, fullPage: true });
    await gianni.page.goto('/shopkeeper/reviews');
    await gianni.page.getByRole('tab', { name: /Scritte/ }).click();
    await expect.poll(() => gianni.page.getByText(/Nascosta fino al/).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);

    // Luca, on a phone: nothing received yet; he writes his; then both are public.
    const lucaTab = await journey.tab(375);
    await logIn(lucaTab.page, 'collaboratore', 'vicino-collabora');
    await lucaTab.page.goto('/collaborator/reviews');
    await lucaTab.page.getByRole('tab', { name: /Ricevute/ }).click();
    await expect.poll(() => lucaTab.page.getByText('Nessuna recensione ricevuta').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await lucaTab.page.getByRole('tab', { name: /Da scrivere/ }).click();
    await lucaTab.page.screenshot({ path: `${shots}/reviews-collaborator-to-write-375.png`, fullPage: true });
    await lucaTab.page.getByRole('button', { name: 'Lascia una recensione' }).click();
    const his = lucaTab.page.getByRole('dialog', { name: `Recensisci ${mine.name}` });
    await his.getByRole('radiogroup', { name: 'Valutazione complessiva' }).locator('label', { hasText: '4 stelle' }).click();
    await his.getByLabel('Commento').fill('Negozio accogliente, istruzioni chiare.');
    await his.getByRole('button', { name: 'Invia recensione' }).click();
    await lucaTab.page.getByRole('tab', { name: /Ricevute/ }).click();
    await expect.poll(() => lucaTab.page.getByText('Catalogo sistemato con cura, foto ottime.').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await noSideScroll(lucaTab.page, 375);
    await lucaTab.page.screenshot({ path: `${shots}/reviews-collaborator-received-375.png`, fullPage: true });

    // The collaborator's profile as a shop sees it, both widths; the back office's list.
    for (const width of [375, 1280]) {
      const t = width === 1280 ? gianni : await journey.tab(width);
      if (width !== 1280) await logIn(t.page, 'negoziante', 'vicino-negozio');
      await t.page.goto(`/collaborators/${me.id}`);
      await expect.poll(() => t.page.getByText('Catalogo sistemato con cura, foto ottime.').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
      expect(await t.page.getByRole('main').textContent()).toContain('Gianni E. · Negoziante');
      // His card (a query of its own, beside the reviews'): his words, and his rating following the published review: 5.
      await expect.poll(() => t.page.getByText('Catalogo e fotografie per i negozi del centro.').isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
      await expect.poll(() => t.page.getByLabel('Valutazione 5,0 su 5').count(), { timeout: hangAfter(10_000) }).toBeGreaterThan(1);
      await noSideScroll(t.page, width);
      await t.page.screenshot({ path: `${shots}/reviews-collaborator-profile-${width}.png`, fullPage: true });
    }
    const admin = await journey.tab(1280);
    await logIn(admin.page, 'admin', 'vicino-admin');
    await admin.page.goto('/admin/reviews');
    await expect.poll(() => admin.page.getByRole('row').count(), { timeout: hangAfter(10_000) }).toBeGreaterThan(2);
    await admin.page.screenshot({ path: `${shots}/reviews-admin-1280.png`, fullPage: true });
  });
});
