import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { adminOnCollaborators, fillRegistration, logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';

const journey = useJourney();

describe.skipIf(!hasBrowser)('a shop asks a collaborator nearby for help, in Chromium', () => {
  useScreenshots();

  it('registers as collaborator with the area set on the map, is approved, receives a direct request live, accepts it; the shop buys the unlock with the sandbox payment', async () => {
    // A new collaborator signs up on a phone from the marketing page's link (/auth?role=collaborator)
    // and goes on to the profile: the centre of the area is set by the address (its comune), then by a
    // click on the map, the radius stays at its 10 km.
    const phone = await journey.tab(375);
    const collaborator = phone.page;
    await fillRegistration(collaborator, { username: 'marco.v', name: 'Marco Verdi', email: 'marco.v@esempio.it' }, '/auth?role=collaborator');
    await collaborator.getByRole('button', { name: 'Crea il tuo account' }).click();
    await collaborator.waitForURL((url) => url.pathname === '/collaborator/register');
    const address = collaborator.getByRole('combobox', { name: 'Indirizzo' });
    await address.fill('Via del Corso 10, Roma');
    await address.press('Enter');
    await expect.poll(() => collaborator.getByText('Centro della zona su Roma (RM): spostalo sulla mappa se vuoi.').isVisible()).toBe(true);
    const centred = Number(await collaborator.getByLabel('Latitudine').inputValue());
    await noSideScroll(collaborator, 375);
    await collaborator.screenshot({ path: '.data/screenshots/collaborator-area-address-375.png', fullPage: true });
    const map = collaborator.getByRole('region', { name: 'Mappa per scegliere il centro della tua zona di lavoro' });
    await expect.poll(() => map.isVisible()).toBe(true);
    const box = (await map.boundingBox())!;
    await collaborator.mouse.click(box.x + box.width / 2 - 10, box.y + box.height / 2 - 10);
    await expect.poll(async () => Number(await collaborator.getByLabel('Latitudine').inputValue())).toBeGreaterThan(centred);
    await collaborator.getByRole('checkbox', { name: 'Consegne' }).check();
    await collaborator.getByLabel('Disponibilità settimanale').fill('Tutti i pomeriggi');
    await collaborator.getByRole('button', { name: 'Invia il profilo' }).click();
    await collaborator.waitForURL((url) => url.pathname === '/collaborator/profile');
    await expect.poll(() => collaborator.getByText('Il tuo profilo è in attesa di approvazione').isVisible()).toBe(true);

    // Not approved yet: the shop does not see them.
    const wide = await journey.tab(1280);
    const shop = wide.page;
    await logIn(shop, 'negoziante', 'vicino-negozio');
    await shop.goto('/shopkeeper/collaborations');
    await expect.poll(() => shop.getByText('Nessun collaboratore disponibile copre ora il tuo negozio', { exact: false }).isVisible()).toBe(true);

    // The admin approves the profile from the back office.
    const back = await adminOnCollaborators(journey);
    const row = back.page.getByRole('row', { name: /Marco Verdi/ });
    await row.getByRole('button', { name: 'Approva' }).click();
    await back.page.getByRole('dialog').getByRole('button', { name: 'Approva' }).click();
    await expect.poll(() => row.getByText('Approvato').isVisible()).toBe(true);

    // The collaborator waits on the requests' page, nothing there yet.
    await collaborator.goto('/collaborator/requests');
    await expect.poll(() => collaborator.getByText('Nessuna richiesta da rispondere').isVisible()).toBe(true);

    // The shop, nearby, now finds Marco and asks him directly.
    await shop.reload();
    const card = shop.getByRole('article', { name: 'Marco Verdi' });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toMatch(/Consegne/);
    await shop.screenshot({ path: `${shots}/shop-collaborations-1280.png`, fullPage: true });
    await card.getByRole('button', { name: 'Chiedi a Marco' }).click();
    const dialog = shop.getByRole('dialog');
    await dialog.getByLabel('Di cosa hai bisogno').fill('Consegna di tre ordini in zona Monti sabato pomeriggio.');
    await dialog.getByLabel('Budget massimo').fill('40');
    await dialog.getByRole('checkbox', { name: 'Consegne' }).check();
    await dialog.getByRole('button', { name: 'Invia la richiesta' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const sent = shop.getByRole('article', { name: /^Richiesta di / });
    await expect.poll(() => sent.getByText('In attesa di risposta').isVisible()).toBe(true);

    // Live: the request shows up on the collaborator's open page, without a reload; he accepts it.
    const incoming = collaborator.getByRole('article', { name: /^Richiesta di / });
    await expect.poll(() => incoming.isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    expect(await incoming.textContent()).toMatch(/Consegna di tre ordini/);
    expect(await incoming.textContent()).toMatch(/40,00/);
    await collaborator.screenshot({ path: `${shots}/collaborator-requests-375.png`, fullPage: true });
    await noSideScroll(collaborator, 375);
    await incoming.getByRole('button', { name: 'Accetta' }).click();
    await expect.poll(() => collaborator.getByText('In attesa che il negozio confermi', { exact: false }).isVisible()).toBe(true);

    // Live on the shop's page too: the package to buy, before its deadline; bought with the sandbox.
    // The offer's own heading, not the toast that tells of it (its text goes on).
    const offer = shop.getByText('Marco Verdi ha accettato la tua richiesta', { exact: true });
    await expect.poll(() => offer.isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    // The package costs more than the request's budget: said before asking to pay, with why.
    expect(await shop.getByTestId('over-budget').textContent()).toMatch(/costa € 49,00, più del budget massimo della tua richiesta \(€ 40,00\)/);
    await shop.screenshot({ path: `${shots}/shop-collaborations-unlock-1280.png`, fullPage: true });
    await shop.getByRole('button', { name: 'Acquista (pagamento di prova)' }).click();
    await shop.waitForURL((url) => url.pathname.startsWith('/pagamenti/prova/'));
    await shop.screenshot({ path: `${shots}/package-payment-1280.png`, fullPage: true });
    await shop.setViewportSize({ width: 375, height: 800 });
    await shop.screenshot({ path: `${shots}/package-payment-375.png`, fullPage: true });
    await noSideScroll(shop, 375);
    await shop.setViewportSize({ width: 1280, height: 900 });
    // Refused first: back on the page, it says so (not «Stiamo verificando…» forever) and offers a new try.
    await shop.getByRole('button', { name: 'Rifiuta il pagamento' }).click();
    await shop.waitForURL((url) => url.pathname === '/shopkeeper/collaborations');
    await expect.poll(() => shop.getByText('Pagamento rifiutato', { exact: false }).isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    expect(await shop.getByText('Stiamo verificando il pagamento', { exact: false }).isVisible()).toBe(false);
    await shop.screenshot({ path: `${shots}/shop-collaborations-refused-1280.png`, fullPage: true });
    await shop.getByRole('button', { name: 'Riprova (pagamento di prova)' }).click();
    await shop.waitForURL((url) => url.pathname.startsWith('/pagamenti/prova/'));
    await shop.getByRole('button', { name: /^Paga / }).click();
    await shop.waitForURL((url) => url.pathname === '/shopkeeper/collaborations');
    await shop.getByRole('tab', { name: /Accettate/ }).click();
    await expect.poll(() => shop.getByText('Pacchetto acquistato').isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    expect(await offer.isVisible()).toBe(false);

    // The collaborator reads it confirmed, live.
    await expect.poll(() => collaborator.getByText('Confermata dal negozio').isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await collaborator.screenshot({ path: `${shots}/collaborator-requests-accepted-375.png`, fullPage: true });
    await noSideScroll(collaborator, 375);

    // The assignment it became, whose first session is the shop's to program, reads the package paid, at once, not «Da pagare».
    const openAssignment = shop.getByRole('link', { name: 'Programma la prima sessione' }).first();
    await expect
      .poll(
        async () => {
          if (await openAssignment.isVisible()) return true;
          // Made by the purchase's process a moment after it: read the page again.
          await shop.reload();
          await shop.getByRole('tab', { name: /Accettate/ }).click();
          return openAssignment.isVisible();
        },
        { timeout: hangAfter(30_000) },
      )
      .toBe(true);
    await openAssignment.click();
    await expect.poll(() => shop.getByTestId('package-payment').first().textContent(), { timeout: hangAfter(20_000) }).toBe('Pagato');
    expect(await shop.getByRole('main').textContent()).not.toContain('Da pagare');
    await shop.screenshot({ path: `${shots}/shop-assignment-paid-1280.png`, fullPage: true });

    // The shop's page on a phone, and the collaborator's on a wide screen.
    const narrow = await journey.tab(375);
    await logIn(narrow.page, 'negoziante', 'vicino-negozio');
    await narrow.page.goto('/shopkeeper/collaborations');
    await expect.poll(() => narrow.page.getByRole('article', { name: 'Marco Verdi' }).isVisible()).toBe(true);
    await narrow.page.screenshot({ path: `${shots}/shop-collaborations-375.png`, fullPage: true });
    await noSideScroll(narrow.page, 375);
    const desk = await journey.tab(1280);
    await logIn(desk.page, 'marco.v', 'segreta1');
    await desk.page.goto('/collaborator/requests');
    await desk.page.getByRole('tab', { name: /Accettate/ }).click();
    await expect.poll(() => desk.page.getByText('Confermata dal negozio').isVisible()).toBe(true);
    await desk.page.screenshot({ path: `${shots}/collaborator-requests-1280.png`, fullPage: true });
    await desk.page.goto('/dashboard/collaborator');
    await expect.poll(() => desk.page.getByTestId('stat-Confermate dal negozio').textContent()).toBe('1');
  });
});
