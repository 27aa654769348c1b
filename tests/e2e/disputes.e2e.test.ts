import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import type { Page } from 'playwright-core';
import { apiSession, logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';
import { approvedShop, pickedUpOrder } from './support/shops.js';

/*
 * Issue [14]'s dispute on an order, as a customer lives it: the completed order offers "Segnala un
 * problema", the case is followed in "I miei casi", the shop is told at once, is asked and answers on its own
 * page, the admin decides, and the customer reads the decision on the case page, in order.
 */

const journey = useJourney();

describe.skipIf(!hasBrowser)('a dispute on an order, in Chromium', () => {
  useScreenshots();

  it('the customer opens it from the completed order with a photo, the shop answers, the admin decides; the customer reads it all in order', async () => {
    const { owner, admin, store } = await approvedShop(
      journey.site,
      { username: 'pasticceria.d', name: 'Dora Dolci', email: 'dora@esempio.it' },
      { name: 'Pasticceria Dora', address: 'Via Cavour 50, Roma', latitude: 41.8961, longitude: 12.4931 },
    );
    const product = await owner('POST', '/api/products', { name: 'Torta della nonna', price: 18, stockQuantity: 5, category: 'alimentari' });
    const orderId = await pickedUpOrder(journey.site, owner, store.id, product.id);

    // Chiara, on a phone: the completed order offers a dispute; she sends one with a photo.
    const { page } = await journey.tab(375);
    await logIn(page, 'cliente', 'vicino-cliente');
    await page.goto(`/customer/orders/${orderId}`);
    const open = page.getByRole('button', { name: 'Segnala un problema' });
    await expect.poll(() => open.isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    const photo = await page.screenshot();
    await open.click();
    const form = page.getByRole('dialog');
    await form.getByRole('combobox', { name: /Tipo di problema/ }).click();
    await page.getByRole('option', { name: 'Articoli danneggiati' }).click();
    await form.getByLabel(/^Descrizione/).fill('La torta era schiacciata nella scatola.');
    await form.getByLabel('Aggiungi foto o PDF').setInputFiles({ name: 'torta.png', mimeType: 'image/png', buffer: photo });
    await page.screenshot({ path: `${shots}/dispute-form-375.png` });
    await form.getByRole('button', { name: 'Invia la segnalazione' }).click();
    await page.waitForURL((url) => /\/complaints\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: hangAfter(20_000) });
    const caseId = new URL(page.url()).pathname.split('/').pop()!;
    await expect.poll(() => page.getByTestId('case-status').first().textContent(), { timeout: hangAfter(20_000) }).toBe('Inviato');
    await expect.poll(() => page.getByRole('img', { name: 'torta.png' }).isVisible(), { timeout: hangAfter(20_000) }).toBe(true);

    // Her cases list it; the shop is told at once and reads it among its own cases.
    await page.goto('/customer/complaints');
    await expect.poll(() => page.getByText('Articoli danneggiati: ordine di Pasticceria Dora').first().isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await noSideScroll(page, 375);
    await expect(owner('GET', `/api/complaints/${caseId}`)).resolves.toMatchObject({ id: caseId, myRole: 'respondent' });
    await expect
      .poll(async () => ((await owner('GET', '/api/notifications')) as { title: string; link: string }[]).find((n) => n.link === `/complaints/${caseId}`)?.title, {
        timeout: hangAfter(10_000),
      })
      .toBe('Contestazione su un tuo ordine');

    // The admin takes it and asks the shop; Dora answers on her own case page, on a computer.
    await admin('POST', `/api/admin/complaints/${caseId}/take`);
    await admin('POST', `/api/admin/complaints/${caseId}/ask`, { question: 'Com’era imballata la torta?' });
    const desk = await journey.tab(1280);
    await logIn(desk.page, 'pasticceria.d', 'segreta1');
    await desk.page.goto(`/complaints/${caseId}`);
    await desk.page
      .getByRole('button', { name: /^Rispondi/ })
      .first()
      .click();
    const answer = desk.page.getByRole('dialog');
    await answer.getByRole('textbox').first().fill('In una scatola rigida, consegnata intatta al banco.');
    await answer.getByRole('button', { name: /Invia/ }).click();
    // Sent once the dialog says so and closes: the words typed in its box are text of the page too
    // (React writes a textarea's value as its content), so seeing them proves nothing was sent.
    await expect.poll(() => desk.page.getByText('Risposta inviata.').first().isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await expect.poll(() => answer.isVisible(), { timeout: hangAfter(20_000) }).toBe(false);
    await expect.poll(() => desk.page.getByText('In una scatola rigida, consegnata intatta al banco.').first().isVisible(), { timeout: hangAfter(20_000) }).toBe(true);

    // Paid in cash: nothing to refund online; the admin resolves without a compensation.
    await admin('POST', `/api/admin/complaints/${caseId}/resolve`, {
      adminResponse: 'La torta è stata consegnata integra al ritiro.',
      resolutionAction: 'Nessun rimborso: il danno è avvenuto dopo il ritiro.',
    });

    // Chiara reads the decision and the whole story, in order, and may appeal within 7 days.
    await page.goto(`/customer/complaints/${caseId}`);
    await expect.poll(() => page.getByTestId('case-status').first().textContent(), { timeout: hangAfter(20_000) }).toBe('Risolto');
    expect(await page.getByTestId('timeline-title').allTextContents()).toEqual([
      'Caso presentato',
      'File di prova aggiunto',
      'Preso in carico',
      'Richiesta di risposta all’altra parte',
      'Risposta dell’altra parte',
      'Caso risolto',
    ]);
    await expect
      .poll(
        () =>
          page
            .getByRole('button', { name: /ricorso/i })
            .first()
            .isVisible(),
        { timeout: hangAfter(10_000) },
      )
      .toBe(true);
    await page.screenshot({ path: `${shots}/dispute-case-375.png`, fullPage: true });
    await noSideScroll(page, 375);
  });

  it('a dispute on an order paid online ends in a partial refund: the customer, the shop and the admin read it on the order, with its dispute', async () => {
    const { owner, admin, store } = await approvedShop(
      journey.site,
      { username: 'gelateria.r', name: 'Rita Gelati', email: 'rita@esempio.it', plan: true },
      { name: 'Gelateria Rita', address: 'Via Merulana 20, Roma', latitude: 41.8946, longitude: 12.5027, onlinePaymentsEnabled: true, stripePaymentsEnabled: true },
    );
    const product = await owner('POST', '/api/products', { name: 'Vaschetta di gelato', price: 12, stockQuantity: 5, category: 'alimentari' });
    const orderId = await pickedUpOrder(journey.site, owner, store.id, product.id, { online: true });
    const chiara = await apiSession(journey.site.url, 'cliente', 'vicino-cliente');
    const { id: caseId } = await chiara('POST', '/api/disputes', { orderId, reason: 'damaged', description: 'La vaschetta era sciolta.' });
    await admin('POST', `/api/admin/complaints/${caseId}/take`);
    await admin('POST', `/api/admin/complaints/${caseId}/resolve`, {
      adminResponse: 'Il gelato è arrivato sciolto.',
      resolutionAction: 'Rimborso di una parte al cliente.',
      compensation: { method: 'refund', amount: 3.9 },
    });
    await admin('POST', `/api/admin/complaints/${caseId}/approve-compensation`);

    const reads = async (page: Page, width: number, name: string) => {
      await expect.poll(() => page.getByTestId('payment-status').first().textContent(), { timeout: hangAfter(20_000) }).toBe('Rimborsato in parte');
      const money = page.getByTestId('order-money');
      expect(await money.textContent()).toMatch(/Pagato€\s12,00Rimborsato€\s3,90Resta pagato€\s8,10/);
      expect(await page.getByTestId('order-refund').textContent()).toContain('Indennizzo per il caso «Articoli danneggiati: ordine di Gelateria Rita»');
      expect(await money.getByRole('link', { name: 'Articoli danneggiati: ordine di Gelateria Rita' }).getAttribute('href')).toMatch(new RegExp(`${caseId}`));
      await page.screenshot({ path: `${shots}/order-refund-${name}-${width}.png`, fullPage: true });
      await noSideScroll(page, width);
    };
    // Chiara, on her phone and on a computer: paid € 12, € 3,90 back (when, why, her dispute), € 8,10 left.
    for (const width of [375, 1280]) {
      const { page } = await journey.tab(width);
      await logIn(page, 'cliente', 'vicino-cliente');
      await page.goto(`/customer/orders/${orderId}`);
      await reads(page, width, 'customer');
    }
    // Rita, the shop, the same on her order's page.
    for (const width of [375, 1280]) {
      const { page } = await journey.tab(width);
      await logIn(page, 'gelateria.r', 'segreta1');
      await page.goto(`/shopkeeper/orders/${orderId}`);
      await reads(page, width, 'shop');
    }
    // The admin on the order's record.
    const desk = await journey.tab(1280);
    await logIn(desk.page, 'admin', 'vicino-admin');
    await desk.page.goto(`/admin/orders/${orderId}/show`);
    await expect.poll(() => desk.page.getByTestId('order-money').isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    expect(await desk.page.getByTestId('order-money').textContent()).toMatch(/Rimborsato€\s3,90/);
    expect(await desk.page.getByText('Rimborsato in parte').first().isVisible()).toBe(true);
    await desk.page.screenshot({ path: `${shots}/order-refund-admin-1280.png`, fullPage: true });
  });
});
