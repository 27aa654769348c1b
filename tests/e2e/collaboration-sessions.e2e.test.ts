import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { packageBought, shopAndApprovedCollaborator } from './support/collaborations.js';
import { call, logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';

const journey = useJourney();

/** Rome's day and time `ms` from now, as the session's dialog takes them. */
function romeAt(ms: number): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false })
      .formatToParts(new Date(Date.now() + ms))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour === '24' ? '00' : parts.hour}:${parts.minute}` };
}

describe.skipIf(!hasBrowser)('a full collaboration session, in Chromium', () => {
  useScreenshots();

  it('request → unlock bought → session ready → activated at the shop with the position → product edits for the shop → closure code → completed on both sides, earnings credited', async () => {
    // The shop, on a computer: Bottega di Gianni (Rome), seeded; a collaborator of the neighbourhood, on a phone, registered and approved (the journey of [12] shows those screens).
    const parties = await shopAndApprovedCollaborator(journey, { username: 'sara.b', name: 'Sara Bruni', email: 'sara.b@esempio.it' });
    const { shop, store, phone, collaborator, admin } = parties;

    // The shop asks Sara directly; she accepts; the shop buys the collaboration package on the test payments' page.
    await packageBought(parties, 'Aggiornare i prezzi del banco salumi');

    // The package became an assignment, and nothing is set for the shop (issue [19]): the list asks it to program the first session.
    await shop.goto('/collaborator/assignments');
    const toProgram = shop.getByRole('link', { name: 'Programma la prima sessione' });
    await expect.poll(() => toProgram.isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await toProgram.click();
    // On the assignment: no session yet, Sara's availability said; the dialog proposes the request's two hours and the package's 50 credits.
    const first = shop.getByRole('button', { name: 'Programma la prima sessione' });
    await expect.poll(() => first.isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    expect(await shop.getByRole('alert').filter({ hasText: 'Nessuna sessione è ancora fissata' }).textContent()).toContain('«Pomeriggi dal lunedì al venerdì»');
    // The same at 375 px: the call to program fits a phone.
    await shop.setViewportSize({ width: 375, height: 800 });
    await noSideScroll(shop, 375);
    await shop.screenshot({ path: `${shots}/shop-assignment-to-program-375.png`, fullPage: true });
    await shop.setViewportSize({ width: 1280, height: 900 });
    await first.click();
    const dialog = shop.getByRole('dialog');
    expect(await dialog.getByRole('alert').textContent()).toBe('Disponibilità di Sara Bruni: «Pomeriggi dal lunedì al venerdì». La richiesta prevede circa 2 ore di lavoro.');
    const proposed = { start: await dialog.getByLabel('Ora di inizio').inputValue(), end: await dialog.getByLabel('Ora di fine').inputValue() };
    expect(proposed.start >= '08:00' && proposed.start <= '18:00', `proposed ${proposed.start}`).toBe(true);
    expect(await dialog.getByLabel('Crediti AI per la sessione').inputValue()).toBe('50');
    await shop.screenshot({ path: `${shots}/shop-first-session-1280.png` });
    // As agreed with Sara: in ten minutes, for two hours.
    const start = romeAt(10 * 60_000);
    const end = romeAt(130 * 60_000);
    await dialog.getByLabel('Giorno').fill(start.date);
    await dialog.getByLabel('Ora di inizio').fill(start.time);
    await dialog.getByLabel('Ora di fine').fill(end.time);
    await dialog.getByRole('button', { name: 'Programma' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const activationCode = shop.getByTestId('activation-code');
    await expect.poll(() => activationCode.isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    const code = (await activationCode.textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await shop.screenshot({ path: `${shots}/shop-session-code-1280.png`, fullPage: true });

    // Down the street first, 2 km away: refused, the distance said once.
    await phone.context.grantPermissions(['geolocation']);
    await phone.context.setGeolocation({ latitude: store.latitude + 2_000 / 111_195, longitude: store.longitude, accuracy: 10 });
    await collaborator.goto('/collaborator/activate-session');
    await expect.poll(() => collaborator.getByRole('article', { name: /^Sessione del / }).isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await collaborator.screenshot({ path: `${shots}/collaborator-activate-session-375.png`, fullPage: true });
    await noSideScroll(collaborator, 375);
    await collaborator.getByLabel('Codice di attivazione').fill(code.replace('-', '').toLowerCase());
    await collaborator.getByRole('button', { name: 'Attiva la sessione' }).click();
    await expect.poll(() => collaborator.getByText(/dal negozio: la sessione si attiva entro 200 m/).isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    expect(await collaborator.getByText(/^Sei a/).count()).toBe(1);

    // At the shop, 30 m from it, Sara tries again (the code as typed, lower case, no dash): the position is read afresh, no «Rileva di nuovo» needed.
    await phone.context.setGeolocation({ latitude: store.latitude + 30 / 111_195, longitude: store.longitude, accuracy: 10 });
    await collaborator.getByRole('button', { name: 'Attiva la sessione' }).click();
    await collaborator.waitForURL((url) => url.pathname === '/collaborator/session');
    await expect.poll(() => collaborator.getByRole('timer').isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await collaborator.screenshot({ path: `${shots}/collaborator-session-375.png`, fullPage: true });
    await noSideScroll(collaborator, 375);

    // Working for the shop: a product's price changed from the session's workspace.
    await collaborator
      .getByRole('link', { name: /^Modifica / })
      .first()
      .click();
    await collaborator.waitForURL((url) => url.pathname.startsWith('/collaborator/session/products/'));
    const editedId = new URL(collaborator.url()).pathname.split('/').at(-1)!;
    const price = collaborator.getByLabel('Prezzo');
    await price.fill('4,80');
    await collaborator.getByRole('button', { name: 'Salva le modifiche' }).click();
    await collaborator.waitForURL((url) => url.pathname === '/collaborator/session');
    // The count moves by itself (no reload), and the action reads in words, its value as people read it.
    await expect.poll(() => collaborator.getByTestId('stat-Azioni svolte').textContent(), { timeout: hangAfter(20_000) }).toBe('1');
    await collaborator.getByRole('tab', { name: 'Azioni svolte' }).click();
    await expect
      .poll(
        () =>
          collaborator
            .getByText(/Prodotto modificato: prezzo € 4,80\./)
            .first()
            .isVisible(),
        { timeout: hangAfter(20_000) },
      )
      .toBe(true);
    expect(await collaborator.getByText(/priceCents/).count()).toBe(0);

    // The shop sees the session active, what Sara did, and the closure code, without reloading its page.
    const shopCount = shop.locator('dt', { hasText: /^Azioni svolte$/ }).locator('xpath=following-sibling::dd[1]');
    await expect
      .poll(
        () =>
          shopCount
            .first()
            .textContent()
            .catch(() => null),
        { timeout: hangAfter(30_000) },
      )
      .toBe('1');
    const closureCode = shop.getByTestId('closure-code');
    await expect.poll(() => closureCode.isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    const closure = (await closureCode.textContent())!.trim();
    await shop.screenshot({ path: `${shots}/shop-session-active-1280.png`, fullPage: true });

    // Sara closes with the shop's closure code: completed.
    await collaborator.getByRole('button', { name: 'Chiudi la sessione' }).first().click();
    const closing = collaborator.getByRole('dialog');
    await closing.getByLabel('Codice di chiusura').fill(closure);
    await closing.getByRole('button', { name: 'Chiudi la sessione' }).click();
    await expect.poll(() => collaborator.getByText('Nessuna sessione attiva').isVisible(), { timeout: hangAfter(20_000) }).toBe(true);

    // Both sides see it completed; Sara's earnings hold the compensation, to be paid.
    await shop.goto('/collaborator/assignments');
    await shop.getByRole('tab', { name: /Chiusi|Completati/ }).click();
    await expect.poll(() => shop.getByText('Completato').first().isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await collaborator.goto('/collaborator/assignments');
    await collaborator.getByRole('tab', { name: /Chiusi/ }).click();
    await expect.poll(() => collaborator.getByText('Completato').first().isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await collaborator.screenshot({ path: `${shots}/collaborator-assignments-375.png`, fullPage: true });
    await collaborator.goto('/collaborator/earnings');
    await expect.poll(() => collaborator.getByText('39,20', { exact: false }).first().isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await collaborator.screenshot({ path: `${shots}/collaborator-earnings-375.png`, fullPage: true });
    await noSideScroll(collaborator, 375);

    // Issue [20]: Sara activates a test payment account on her «Guadagni» page, to receive her compensations.
    const testAccount = collaborator.getByRole('region', { name: 'Conto di prova' });
    await expect.poll(() => testAccount.getByText('Non collegato').isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await testAccount.getByRole('button', { name: 'Attiva il conto di prova' }).click();
    await collaborator.waitForURL((url) => url.pathname.startsWith('/pagamenti/prova/conto/'));
    await expect.poll(() => collaborator.getByRole('heading', { name: 'Sara Bruni' }).isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    expect(await collaborator.getByText(/l’IBAN su cui ricevere i compensi/).isVisible()).toBe(true);
    await collaborator.screenshot({ path: `${shots}/collaborator-account-onboarding-375.png`, fullPage: true });
    await collaborator.getByRole('button', { name: 'Completa l’attivazione' }).click();
    await collaborator.waitForURL((url) => url.pathname === '/collaborator/earnings');
    await expect.poll(() => testAccount.getByText('Attivo', { exact: true }).isVisible(), { timeout: hangAfter(20_000) }).toBe(true);

    // The admin pays the compensation from the back office: a transfer to Sara's account, once.
    const [assignment] = await call<{ id: string }[]>(collaborator, 'GET', '/api/assignments');
    await admin.goto(`/admin/assignments/${assignment!.id}/show`);
    await admin.getByRole('button', { name: 'Paga il compenso' }).first().click();
    const paying = admin.getByRole('dialog');
    expect(await paying.getByText(/vanno con un trasferimento sul conto di pagamento di Sara Bruni, una volta sola/).isVisible()).toBe(true);
    await admin.screenshot({ path: `${shots}/admin-assignment-payout-1280.png`, fullPage: true });
    await paying.getByRole('button', { name: 'Trasferisci il compenso' }).click();
    await expect.poll(() => admin.getByText(/Trasferimento di prova sul conto del collaboratore \(sbxtr_/).isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await admin.screenshot({ path: `${shots}/admin-assignment-paid-1280.png`, fullPage: true });

    // Sara's account: the compensation received, its balance, this month's statement.
    // (The ledger is a read model: the page is read again once it holds the transfer.)
    await expect
      .poll(async () => (await call<{ movements: unknown[] }>(collaborator, 'GET', '/api/earnings/collaborator')).movements.length, { timeout: hangAfter(20_000) })
      .toBe(1);
    await collaborator.reload();
    const movements = collaborator.getByRole('list', { name: 'Movimenti del conto dei compensi' });
    await expect.poll(() => movements.getByText('Compenso ricevuto').isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    expect(await movements.getByText('+€ 39,20').isVisible()).toBe(true);
    expect(
      await collaborator
        .getByRole('list', { name: 'Estratti conto' })
        .getByText(/1 compenso · /)
        .isVisible(),
    ).toBe(true);
    await noSideScroll(collaborator, 375);
    await collaborator.screenshot({ path: `${shots}/collaborator-ledger-375.png`, fullPage: true });
    const wide = (await journey.tab(1280)).page;
    await logIn(wide, 'sara.b', 'segreta1');
    await wide.goto('/collaborator/earnings');
    await expect
      .poll(() => wide.getByRole('list', { name: 'Movimenti del conto dei compensi' }).getByText('Compenso ricevuto').isVisible(), { timeout: hangAfter(20_000) })
      .toBe(true);
    await noSideScroll(wide, 1280);
    await wide.screenshot({ path: `${shots}/collaborator-ledger-1280.png`, fullPage: true });

    // The admin's history of the product names Sara acting for the shop in the session.
    const products = await call<{ id: string; price: number }[]>(shop, 'GET', `/api/stores/${store.id}/products`);
    const edited = products.find((p) => p.id === editedId)!;
    expect(edited.price).toBe(4.8);
    const history = await call<{ actor: { username: string; onBehalfOf?: { storeName: string } } | null }[]>(admin, 'GET', `/api/admin/history/product/${edited.id}`);
    expect(history.at(-1)!.actor).toMatchObject({ username: 'sara.b', onBehalfOf: { storeName: store.name } });

    // The back office lists the session, completed.
    await admin.goto('/admin/collaboration-sessions');
    await expect.poll(() => admin.getByText('Sara Bruni').first().isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    await admin.screenshot({ path: `${shots}/admin-collaboration-sessions-1280.png`, fullPage: true });
  });
});
