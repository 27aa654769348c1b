import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';
import { approvedShop, pickedUpOrder } from './support/shops.js';

/*
 * Issue [14]'s dispute on an order, as a customer lives it: the completed order offers "Segnala un
 * problema", the case is followed in "I miei casi", the shop is asked and answers on its own
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

    // Her cases list it; the shop does not see it until asked.
    await page.goto('/customer/complaints');
    await expect.poll(() => page.getByText('Articoli danneggiati: ordine di Pasticceria Dora').first().isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    await noSideScroll(page, 375);
    await expect(owner('GET', `/api/complaints/${caseId}`)).rejects.toThrow(/404/);

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
});
