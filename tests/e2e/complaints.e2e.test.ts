import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { packageBought, shopAndApprovedCollaborator } from './support/collaborations.js';
import { call, fillRegistration, logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';

/*
 * Issue [14]'s journey: a complaint on a collaboration session from the shop (with a photo), taken
 * by an admin who asks the collaborator, answered, resolved with AI credits and approved, appealed,
 * and closed on appeal by another admin; the case page tells it all in order.
 */

const journey = useJourney();

const visible = (page: Page, text: string | RegExp) => expect.poll(() => page.getByText(text).first().isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
const statusIs = (page: Page, label: string) => expect.poll(() => page.getByTestId('case-status').first().textContent(), { timeout: hangAfter(20_000) }).toBe(label);
const titles = (page: Page) => page.getByTestId('timeline-title').allTextContents();

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe.skipIf(!hasBrowser)('a complaint on a session, to the appeal, in Chromium', () => {
  useScreenshots();

  it(
    'shop files it with a photo → admin takes it and asks the collaborator → answered → resolved with credits, approved → appealed → another admin closes it; the case page tells it in order',
    async () => {
      // The shop (seeded Bottega di Gianni) on a computer; a collaborator registered and approved, on a phone.
      const parties = await shopAndApprovedCollaborator(journey, { username: 'piero.l', name: 'Piero Lodi', email: 'piero.l@esempio.it' });
      const { shop, store, collaborator, admin } = parties;

      // The shop asks Piero, he accepts, the shop buys the package and programs the first session in ten minutes; Piero activates it at the shop.
      await packageBought(parties, 'Inserire i prezzi del banco frutta');
      await expect.poll(async () => (await call<unknown[]>(shop, 'GET', '/api/assignments')).length, { timeout: hangAfter(20_000) }).toBe(1);
      const [assignment] = await call<{ id: string }[]>(shop, 'GET', '/api/assignments');
      const start = Date.now() + 10 * 60_000;
      const session = await call<{ id: string; assignmentId: string; activationCode: string }>(shop, 'POST', '/api/collaboration-sessions', {
        assignmentId: assignment!.id,
        scheduledStartAt: new Date(start).toISOString(),
        scheduledEndAt: new Date(start + 2 * 3_600_000).toISOString(),
        securityLevel: 'standard',
        aiCredits: 0,
      });
      await call(collaborator, 'POST', '/api/collaboration-sessions/activate', {
        code: session.activationCode,
        latitude: store.latitude + 40 / 111_195,
        longitude: store.longitude,
      });

      // The shop: the assignment's one "Segnala un problema" asks what happened: the active session, with a witness and a photo.
      await shop.goto(`/collaborator/assignments/${session.assignmentId}`);
      const card = shop.getByRole('article', { name: /^Sessione del / });
      await expect.poll(() => card.isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
      await expect.poll(() => shop.getByRole('button', { name: 'Segnala un problema' }).count(), { timeout: hangAfter(20_000) }).toBe(1);
      const photo = await shop.screenshot();
      await shop.getByRole('button', { name: 'Segnala un problema' }).click();
      await shop
        .getByRole('dialog')
        .getByRole('radio', { name: /^La sessione del / })
        .check();
      await shop.getByRole('dialog').getByRole('button', { name: 'Continua' }).click();
      const form = shop.getByRole('dialog');
      await form.getByRole('combobox', { name: /Tipo di problema/ }).click();
      await shop.getByRole('option', { name: 'Qualità del lavoro' }).click();
      await form.getByLabel(/^Titolo/).fill('Prezzi del banco frutta sbagliati');
      await form.getByLabel(/^Descrizione/).fill('Metà dei prezzi inseriti durante la sessione sono errati: il cartellino delle mele dice 0,20 € al kg.');
      await form.getByRole('combobox', { name: /Urgenza/ }).click();
      await shop.getByRole('option', { name: 'Immediata' }).click();
      await visible(shop, /un’ora/);
      await form.getByRole('combobox', { name: /Urgenza/ }).click();
      await shop.getByRole('option', { name: 'Alta' }).click();
      await form.getByRole('button', { name: 'Aggiungi un testimone' }).click();
      await form.getByLabel('Nome', { exact: true }).fill('Anna Verdi');
      await form.getByLabel('Telefono o e-mail').fill('333 1234567');
      await form.getByLabel('Aggiungi foto o PDF').setInputFiles({ name: 'banco-frutta.png', mimeType: 'image/png', buffer: photo });
      await visible(shop, /banco-frutta\.png/);
      // A 620-character title pasted is kept whole, counted and said, and the case is not sent ([16]).
      const caseWrites: string[] = [];
      shop.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/api/complaints')) caseWrites.push(r.url());
      });
      const longTitle = 'Prezzi del banco frutta sbagliati e cartellini scambiati. '.repeat(11).slice(0, 620);
      await form.getByLabel(/^Titolo/).fill(longTitle);
      await form.getByRole('button', { name: 'Invia la segnalazione' }).click();
      await visible(shop, 'Al massimo 200 caratteri: ne hai scritti 620.');
      expect(await form.getByLabel(/^Titolo/).inputValue()).toHaveLength(620);
      expect(await form.getByLabel(/^Titolo/).getAttribute('aria-invalid')).toBe('true');
      expect(await form.getByText('620/200').isVisible()).toBe(true);
      await form.getByLabel(/^Titolo/).scrollIntoViewIfNeeded();
      await shop.screenshot({ path: `${shots}/complaint-title-too-long-1280.png` });
      expect(caseWrites).toEqual([]);
      await form.getByLabel(/^Titolo/).fill('Prezzi del banco frutta sbagliati');
      await shop.screenshot({ path: `${shots}/complaint-form-1280.png` });
      await form.getByRole('button', { name: 'Invia la segnalazione' }).click();
      await shop.waitForURL((url) => /^\/complaints\/[0-9a-f-]{36}$/.test(url.pathname), { timeout: hangAfter(20_000) });
      const caseId = new URL(shop.url()).pathname.split('/').pop()!;
      await statusIs(shop, 'Inviato');
      await expect.poll(() => shop.getByRole('img', { name: 'banco-frutta.png' }).isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
      expect(await titles(shop)).toEqual(['Caso presentato', 'File di prova aggiunto']);

      // The collaborator's own form at 375 px (opened and left).
      await collaborator.goto(`/collaborator/assignments/${session.assignmentId}`);
      await collaborator.getByRole('button', { name: 'Segnala un problema' }).click();
      await expect.poll(() => collaborator.getByRole('dialog').getByRole('radio').count(), { timeout: hangAfter(20_000) }).toBe(2);
      // Shot once the dialog has faded in.
      await expect.poll(() => collaborator.locator('.MuiDialog-container').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      await collaborator.screenshot({ path: `${shots}/problem-chooser-375.png` });
      await collaborator
        .getByRole('dialog')
        .getByRole('radio', { name: /^La sessione del / })
        .check();
      await collaborator.getByRole('dialog').getByRole('button', { name: 'Continua' }).click();
      await collaborator.getByRole('combobox', { name: /Tipo di problema/ }).click();
      await collaborator.getByRole('option', { name: 'Sicurezza' }).click();
      await collaborator.getByRole('combobox', { name: /Urgenza/ }).click();
      await collaborator.getByRole('option', { name: 'Immediata' }).click();
      await visible(collaborator, /revoca subito la sessione/);
      await collaborator.getByRole('button', { name: 'Aggiungi un testimone' }).click();
      await collaborator.screenshot({ path: `${shots}/complaint-form-375.png` });
      // The over-long title at 375 px: the reason and the count readable under the field.
      await collaborator
        .getByRole('dialog')
        .getByLabel(/^Titolo/)
        .fill('Il collaboratore ha cambiato i prezzi senza avvisare. '.repeat(12).slice(0, 620));
      await visible(collaborator, 'Al massimo 200 caratteri: ne hai scritti 620.');
      await collaborator
        .getByRole('dialog')
        .getByLabel(/^Titolo/)
        .evaluate((field) => field.scrollIntoView({ block: 'center' }));
      await collaborator.screenshot({ path: `${shots}/complaint-title-too-long-375.png` });
      await collaborator.getByRole('dialog').getByText('Aggiungi foto o PDF').scrollIntoViewIfNeeded();
      await collaborator.screenshot({ path: `${shots}/complaint-form-375-end.png` });
      await collaborator.getByRole('button', { name: 'Indietro' }).click();
      // Told at once: the case is among the collaborator's, before any admin asks.
      await collaborator.goto('/complaints');
      await visible(collaborator, 'Prezzi del banco frutta sbagliati');

      // The admin: the list by due time, the case taken, an internal note, the collaborator asked.
      await admin.goto('/admin/complaints');
      await visible(admin, 'Prezzi del banco frutta sbagliati');
      await admin.screenshot({ path: `${shots}/admin-complaints-list-1280.png`, fullPage: true });
      await admin.getByText('Prezzi del banco frutta sbagliati').first().click();
      await admin.waitForURL((url) => url.pathname === `/admin/complaints/${caseId}/show`);
      await admin.getByRole('button', { name: 'Prendi in carico' }).click();
      await statusIs(admin, 'In esame');
      await admin.getByRole('button', { name: 'Nota interna' }).click();
      await admin.getByRole('dialog').getByLabel(/^Nota/).fill('Verificare il listino del fornitore.');
      await admin.getByRole('dialog').getByRole('button', { name: 'Salva la nota' }).click();
      await visible(admin, 'Verificare il listino del fornitore.');
      await admin.getByRole('button', { name: 'Chiedi all’altra parte' }).click();
      await admin
        .getByRole('dialog')
        .getByLabel(/^Domanda/)
        .fill('Da quale listino hai preso i prezzi?');
      await admin.getByRole('dialog').getByRole('button', { name: 'Chiedi' }).click();
      await statusIs(admin, 'In istruttoria');

      // The collaborator sees the case now, answers before the deadline and adds a PDF.
      await collaborator.goto('/complaints');
      await visible(collaborator, 'Prezzi del banco frutta sbagliati');
      await visible(collaborator, /Aspettiamo la tua risposta entro il/);
      await collaborator.screenshot({ path: `${shots}/complaints-list-375.png`, fullPage: true });
      await noSideScroll(collaborator, 375);
      await collaborator.getByText('Prezzi del banco frutta sbagliati').first().click();
      await collaborator.waitForURL((url) => url.pathname === `/complaints/${caseId}`);
      await visible(collaborator, /ti chiede di rispondere entro il/);
      expect(await titles(collaborator)).not.toContain('Nota interna');
      await collaborator.getByRole('button', { name: 'Rispondi' }).click();
      await collaborator
        .getByRole('dialog')
        .getByLabel(/^Risposta/)
        .fill('Ho usato il listino che mi è stato consegnato in negozio.');
      await collaborator.getByRole('dialog').getByRole('button', { name: 'Invia la risposta' }).click();
      await visible(collaborator, 'Ho usato il listino che mi è stato consegnato in negozio.');
      await collaborator.getByLabel('Aggiungi un file al caso').setInputFiles({ name: 'listino.pdf', mimeType: 'application/pdf', buffer: pdf });
      await expect.poll(() => collaborator.getByRole('link', { name: 'listino.pdf' }).isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
      await collaborator.screenshot({ path: `${shots}/complaint-case-collaborator-375.png`, fullPage: true });
      await noSideScroll(collaborator, 375);

      // The admin resolves with 20 AI credits and approves them: paid at once.
      await admin.reload();
      await visible(admin, 'Risposta dell’altra parte');
      await admin.getByRole('button', { name: 'Risolvi' }).click();
      const resolve = admin.getByRole('dialog');
      await resolve.getByLabel(/^Risposta alle parti/).fill('Il listino era sbagliato, ma i prezzi andavano controllati.');
      await resolve.getByLabel(/^Azione decisa/).fill('Indennizzo in crediti al negozio.');
      await resolve.getByRole('combobox', { name: /Indennizzo/ }).click();
      await admin.getByRole('option', { name: 'Crediti AI' }).click();
      await resolve.getByRole('textbox', { name: /Crediti AI/ }).fill('20');
      await resolve.getByRole('button', { name: 'Risolvi' }).click();
      await statusIs(admin, 'Risolto');
      await admin.getByRole('button', { name: 'Approva indennizzo' }).click();
      await visible(admin, /20 crediti AI · Pagato/);

      // The shop reads the decision and appeals, within the 7 days shown.
      await shop.reload();
      await statusIs(shop, 'Risolto');
      await visible(shop, /puoi fare ricorso una volta, entro il/);
      await shop.getByRole('button', { name: 'Fai ricorso' }).click();
      await shop
        .getByRole('dialog')
        .getByLabel(/^Motivo del ricorso/)
        .fill('Chiedo anche il rimborso del pacchetto.');
      await shop.getByRole('dialog').getByRole('button', { name: 'Presenta ricorso' }).click();
      await statusIs(shop, 'In ricorso');

      // Another admin: an account made admin by the first; the first may not take the appeal.
      const other = await journey.tab(1280);
      await fillRegistration(other.page, { username: 'giada.admin', name: 'Giada Ferri', email: 'giada.ferri@esempio.it' });
      await other.page.getByRole('button', { name: 'Crea il tuo account' }).click();
      await expect.poll(async () => (await call<{ id: string } | null>(other.page, 'GET', '/api/user').catch(() => null))?.id, { timeout: hangAfter(20_000) }).toBeTruthy();
      const giada = await call<{ id: string }>(other.page, 'GET', '/api/user');
      await call(admin, 'PUT', `/api/admin/users/${giada.id}`, { role: 'admin' });
      await admin.reload();
      await admin.getByRole('button', { name: 'Prendi in carico' }).click();
      await visible(admin, 'Il ricorso va esaminato da un amministratore diverso da chi ha preso la prima decisione.');
      const second = (await journey.tab(1280)).page;
      await logIn(second, 'giada.admin', 'segreta1');
      await second.goto(`/admin/complaints/${caseId}/show`);
      await statusIs(second, 'In ricorso');
      await second.getByRole('button', { name: 'Prendi in carico' }).click();
      await statusIs(second, 'In esame');
      await second.getByRole('button', { name: 'Respingi' }).click();
      await second
        .getByRole('dialog')
        .getByLabel(/^Motivo/)
        .fill('L’indennizzo già pagato è adeguato.');
      await second.getByRole('dialog').getByRole('button', { name: 'Respingi' }).click();
      await statusIs(second, 'Respinto');
      expect(await titles(second)).toContain('Nota interna');
      await second.screenshot({ path: `${shots}/admin-complaint-case-1280.png`, fullPage: true });
      await second.setViewportSize({ width: 375, height: 800 });
      await second.reload();
      await statusIs(second, 'Respinto');
      await second.screenshot({ path: `${shots}/admin-complaint-case-375.png`, fullPage: true });
      await noSideScroll(second, 375);

      // The shop's case page: the whole story in order, without the internal note; no second appeal.
      await shop.reload();
      await statusIs(shop, 'Respinto');
      await expect
        .poll(() => titles(shop), { timeout: hangAfter(20_000) })
        .toEqual([
          'Caso presentato',
          'File di prova aggiunto',
          'Preso in carico',
          'Richiesta di risposta all’altra parte',
          'Risposta dell’altra parte',
          'File di prova aggiunto',
          'Caso risolto',
          'Indennizzo approvato',
          'Indennizzo pagato',
          'Ricorso presentato',
          'Preso in carico',
          'Caso respinto',
        ]);
      expect(await shop.getByRole('button', { name: 'Fai ricorso' }).count()).toBe(0);
      await visible(shop, 'L’indennizzo già pagato è adeguato.');
      await shop.screenshot({ path: `${shots}/complaint-case-shop-1280.png`, fullPage: true });
      await shop.goto('/complaints');
      await shop.getByRole('tab', { name: /Chiusi/ }).click();
      await visible(shop, 'Prezzi del banco frutta sbagliati');
      await shop.screenshot({ path: `${shots}/complaints-list-1280.png`, fullPage: true });

      // The admin dashboard counts the cases.
      await admin.goto('/dashboard/admin');
      await visible(admin, 'Reclami e contestazioni');
      await admin.screenshot({ path: `${shots}/admin-dashboard-complaints-1280.png`, fullPage: true });
      await admin.goto('/admin/collaboration-management');
      await visible(admin, 'Gestione delle collaborazioni');
      await admin.screenshot({ path: `${shots}/admin-collaboration-management-1280.png`, fullPage: true });
      // Seven people's moves across four browsers: longer than a one-page journey on a busy machine.
    },
    hangAfter(180_000),
  );
});
