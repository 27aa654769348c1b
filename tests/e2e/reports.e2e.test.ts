import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { shootFromTop as shoot, useScreenshots } from './support/screenshots.js';
import { approvedCollaborator, approvedShop } from './support/shops.js';

const journey = useJourney();

/** In Bologna, where the demo seed has no shop; the collaborator lives nearby. */
const shopAt = { latitude: 44.4949, longitude: 11.3426 };
const helperAt = { latitude: 44.4979, longitude: 11.3436 };

describe.skipIf(!hasBrowser)('a report on an assignment, in Chromium', () => {
  useScreenshots();

  it('the collaborator reports a problem on the assignment, the admin resolves it with a refund in the back office, the collaborator reads the answer', async () => {
    // A shop that bought a collaboration package with the test payments: an assignment with Sara (set up through the API).
    const { owner: shopApi, admin } = await approvedShop(
      journey.site,
      { username: 'bottega.segnala', name: 'Elena Neri', plan: true },
      { name: 'Bottega Bolognese', address: 'Via Rizzoli 5, Bologna', ...shopAt, pickupOnly: true },
    );
    await admin('PUT', '/api/admin/payment-settings/current', { sandboxEnabled: true });
    const { api: sara } = await approvedCollaborator(
      journey.site,
      admin,
      { username: 'sara.segnala', name: 'Sara Gallo' },
      { address: 'Via Indipendenza 2, Bologna', ...helperAt, radiusKm: 4, services: ['product_management'] },
    );
    const request = await shopApi('POST', '/api/collaboration-requests', {
      requestType: 'waiting',
      message: 'Foto del catalogo',
      estimatedDuration: 120,
      maxBudget: 50,
      requiredServices: [],
    });
    await sara('POST', `/api/collaboration-requests/${request.id}/accept`);
    const buy = await shopApi('POST', `/api/package-unlocks/${request.unlock.id}/purchase`, { paymentMethod: 'sandbox' }, { 'idempotency-key': crypto.randomUUID() });
    await shopApi('POST', `/api/payments/sandbox/${buy.paymentId}/pay`);
    await expect.poll(async () => (await sara('GET', '/api/assignments')).length, { timeout: hangAfter(15_000) }).toBe(1);
    const [assignment] = await sara('GET', '/api/assignments');

    // 1. Sara, on a phone, reports a problem from the assignment's page.
    const phone = await journey.tab(375);
    const page = phone.page;
    await logIn(page, 'sara.segnala', 'segreta1');
    await page.goto(`/collaborator/assignments/${assignment.id}`);
    // One «Segnala un problema» on the page: it asks what happened first (no session has started: the assignment only).
    await expect.poll(() => page.getByRole('button', { name: 'Segnala un problema' }).count(), { timeout: hangAfter(20_000) }).toBe(1);
    await page.getByRole('button', { name: 'Segnala un problema' }).click();
    const dialog = page.getByRole('dialog', { name: 'Segnala un problema' });
    await dialog.getByRole('radio', { name: /^L’incarico in generale/ }).check();
    await dialog.getByRole('button', { name: 'Continua' }).click();
    await dialog.getByRole('textbox', { name: 'Titolo' }).fill('Prodotti non consegnati per le foto');
    await dialog.getByRole('textbox', { name: 'Descrizione' }).fill('Il negozio non ha preparato i prodotti da fotografare: ho perso due ore.');
    await shoot(page, 'reports-form-375');
    await dialog.getByRole('button', { name: 'Invia la segnalazione' }).click();
    await expect.poll(() => page.url()).toMatch(/\/collaborator\/reports\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByText('L’amministrazione non ha ancora preso in carico la segnalazione.').isVisible()).toBe(true);
    const reportId = page.url().split('/').at(-1)!;
    await noSideScroll(page, 375);
    await shoot(page, 'reports-page-open-375');

    // 2. The admin, on a wide screen, takes it up and resolves it with a refund of € 12,50 in «Segnalazioni».
    const wide = await journey.tab(1280);
    const back = wide.page;
    await logIn(back, 'admin', 'vicino-admin');
    await back.goto('/admin/reports');
    await expect.poll(() => back.getByText('Prodotti non consegnati per le foto').first().isVisible(), { timeout: hangAfter(15_000) }).toBe(true);
    await shoot(back, 'reports-admin-list-1280');
    await back.goto(`/admin/reports/${reportId}/show`);
    await back.getByRole('button', { name: 'Prendi in verifica' }).first().click();
    await back.getByRole('button', { name: 'Risolvi' }).first().click();
    const resolve = back.getByRole('dialog', { name: 'Risolvere la segnalazione?' });
    await resolve.getByRole('textbox', { name: 'Risposta' }).fill('Abbiamo verificato con il negozio: rimborsiamo una parte del pacchetto.');
    await resolve.getByRole('textbox', { name: 'Azione risolutiva' }).fill('Rimborso parziale al negozio');
    await resolve.getByRole('textbox', { name: /Rimborso al negozio/ }).fill('12,50');
    await resolve.getByRole('button', { name: 'Risolvi' }).click();
    await expect.poll(() => back.getByText('Rimborso pagato').first().isVisible(), { timeout: hangAfter(15_000) }).toBe(true);
    await shoot(back, 'reports-admin-show-1280');

    // 3. Sara reads the answer and the timeline.
    await page.reload();
    await expect.poll(() => page.getByText('Abbiamo verificato con il negozio: rimborsiamo una parte del pacchetto.').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Segnalazione risolta', { exact: true }).first().isVisible()).toBe(true);
    await noSideScroll(page, 375);
    await shoot(page, 'reports-page-resolved-375');
    await page.goto('/collaborator/reports');
    await shoot(page, 'reports-list-375');
    const saraWide = await journey.tab(1280);
    await logIn(saraWide.page, 'sara.segnala', 'segreta1');
    await saraWide.page.goto(`/collaborator/reports/${reportId}`);
    await expect.poll(() => saraWide.page.getByText('Rimborso parziale al negozio').first().isVisible()).toBe(true);
    await shoot(saraWide.page, 'reports-page-resolved-1280');
    await saraWide.page.goto(`/collaborator/assignments/${assignment.id}`);
    await shoot(saraWide.page, 'reports-assignment-1280');
  });
});
