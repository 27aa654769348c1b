import { mkdirSync } from 'node:fs';
import { request, type APIRequestContext, type Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { logIn, searchTheList, useJourney } from './support/journey.js';
import { overflows } from './support/layout.js';

const journey = useJourney();
const shots = '.data/screenshots';

/** A demo account's API session on the running site (cookies kept), as its own browser would have. */
async function apiAs(username: string, password: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: journey.site.url });
  const login = await api.post('/api/login', { data: { username, password } });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

async function send<T = Record<string, string>>(api: APIRequestContext, path: string, data: unknown, status = 200): Promise<T> {
  const res = await api.post(path, { data });
  expect(res.status(), await res.text()).toBe(status);
  return res.json() as Promise<T>;
}

/**
 * The demo's collaborator, approved, covering the demo shop «Bottega di Gianni» (Rome); the shop's
 * waiting request, which the collaborator accepts: its unlock waits for the shopkeeper's purchase.
 */
async function acceptedRequest(): Promise<{ requestId: string; unlockId: string }> {
  const admin = await apiAs('admin', 'vicino-admin');
  const collaborator = await apiAs('collaboratore', 'vicino-collabora');
  const shopkeeper = await apiAs('negoziante', 'vicino-negozio');
  const profile = await send(collaborator, '/api/collaborators', { address: 'Via del Corso 10, Roma', latitude: 41.9, longitude: 12.48, radiusKm: 5, services: ['delivery'] }, 201);
  await send(admin, `/api/admin/collaborators/${profile.userId}/approve`, { canActivateSessions: true });
  const asked = await send<{ id: string; unlock: { id: string } }>(
    shopkeeper,
    '/api/collaboration-requests',
    { requestType: 'waiting', message: 'Consegne del sabato mattina', estimatedDuration: 180, urgencyLevel: 'high', maxBudget: 60, requiredServices: ['delivery'] },
    201,
  );
  const accepted = await send<{ unlock: unknown }>(collaborator, `/api/collaboration-requests/${asked.id}/accept`, {});
  expect(accepted.unlock).toMatchObject({ unlockStatus: 'unlocked_collaborator' });
  await Promise.all([admin.dispose(), collaborator.dispose(), shopkeeper.dispose()]);
  return { requestId: asked.id, unlockId: asked.unlock.id };
}

/** What is wider than the screen: the page, the content column or a dialog. */
const adminOverflows = (page: Page) => overflows(page, ['.RaLayout-content', '.MuiDialog-paper']);

const main = (page: Page) => page.locator('#main-content');

describe.skipIf(!hasBrowser)('the admin looks after the collaboration requests and their unlocks, in Chromium', () => {
  beforeAll(() => mkdirSync(shots, { recursive: true }));

  it('finds the accepted request in the list, opens its unlock, unlocks it free of charge with a reason, and reads who and why in the Cronologia', async () => {
    const { requestId, unlockId } = await acceptedRequest();
    const { page } = await journey.tab(1280);
    await logIn(page, 'admin', 'vicino-admin');

    // The back office's menu leads to the requests; the accepted one shows its state and its unlock's in Italian.
    await page.goto('/admin');
    await page.getByRole('menuitem', { name: 'Collaborazioni' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/collaboration-requests');
    const row = page.getByRole('row').filter({ hasText: 'Bottega di Gianni' });
    await expect.poll(() => row.innerText()).toContain('Accettata');
    const text = await row.innerText();
    for (const shown of ['Aperta a tutti', 'Alta', 'Luca Ferrari', 'Sbloccato dal collaboratore']) expect(text).toContain(shown);
    expect(await adminOverflows(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/admin-collaboration-requests-1280.png`, fullPage: true });

    // The search by the collaborator's name, accents and case ignored, keeps it; another name does not.
    await searchTheList(page, 'Negozio o collaboratore', 'luca ferrari');
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'Bottega di Gianni' }).count()).toBe(1);
    await searchTheList(page, 'Negozio o collaboratore', 'nessuno così');
    await expect.poll(() => main(page).innerText()).not.toContain('Bottega di Gianni');
    await searchTheList(page, 'Negozio o collaboratore', '');

    // The request's page, and from it its unlock.
    await page.getByRole('row').filter({ hasText: 'Bottega di Gianni' }).getByText('Luca Ferrari').click();
    await page.waitForURL((url) => url.pathname === `/admin/collaboration-requests/${requestId}/show`);
    await expect.poll(() => main(page).innerText()).toContain('Consegne del sabato mattina');
    expect(await main(page).innerText()).toContain('Consegne');
    await page.screenshot({ path: `${shots}/admin-collaboration-request-show-1280.png`, fullPage: true });
    await page.getByRole('link', { name: 'Apri lo sblocco del pacchetto' }).click();
    await page.waitForURL((url) => url.pathname === `/admin/package-unlocks/${unlockId}/show`);
    await expect.poll(() => main(page).innerText()).toContain('Sbloccato dal collaboratore');

    // The override: no reason, no sending; with one, free of charge, with special conditions.
    await page.getByRole('button', { name: 'Sblocca' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('button', { name: 'Sblocca' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Motivo').fill('Primo mese offerto alla bottega');
    await dialog.getByLabel('Condizioni speciali').fill('Solo consegne entro 3 km');
    await dialog.getByRole('checkbox', { name: /Gratuito/ }).check();
    // Proposed a day from now on Rome's clock; the admin moves it to 18:30.
    expect(await dialog.getByLabel('Da acquistare entro il').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await dialog.getByLabel('alle ore').fill('18:30');
    expect(await adminOverflows(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/admin-package-unlock-dialog-1280.png` });
    await dialog.getByRole('button', { name: 'Sblocca' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => main(page).innerText()).toContain('Sbloccato dall’amministrazione');
    const shown = await main(page).innerText();
    for (const line of ['Primo mese offerto alla bottega', 'Solo consegne entro 3 km', 'Alessandra Conti', 'L’amministrazione']) expect(shown).toContain(line);
    expect(shown).toContain('€ 0,00');
    expect(shown).toMatch(/Da acquistare entro\n+\d+ \w+ \d{4}, 18:30/);
    // Bought or not, it stays unlockable until purchased: the button is still there, the list shows it free.
    await page.screenshot({ path: `${shots}/admin-package-unlock-show-1280.png`, fullPage: true });

    // The Cronologia says who unlocked it and why.
    await page.getByRole('tab', { name: 'Cronologia' }).click();
    await expect.poll(() => main(page).innerText()).toContain('Pacchetto collaboratore sbloccato dall’amministrazione');
    const history = await main(page).innerText();
    const step = history.slice(history.indexOf('3. Pacchetto collaboratore sbloccato dall’amministrazione'));
    for (const line of ['admin (Amministratore)', 'Motivo', 'Primo mese offerto alla bottega', 'Solo consegne entro 3 km']) expect(step).toContain(line);
    await page.screenshot({ path: `${shots}/admin-package-unlock-history-1280.png`, fullPage: true });

    // The unlocks' list, filtered by state.
    await page.goto('/admin/package-unlocks');
    const unlockRow = page.getByRole('row').filter({ hasText: 'Bottega di Gianni' });
    await expect.poll(() => unlockRow.innerText()).toContain('Sbloccato dall’amministrazione');
    await page.screenshot({ path: `${shots}/admin-package-unlocks-1280.png`, fullPage: true });

    // On a phone: the lists as lines, the unlock's page, nothing wider than the screen.
    const narrow = await journey.tab(375);
    await logIn(narrow.page, 'admin', 'vicino-admin');
    await narrow.page.goto('/admin/collaboration-requests');
    await expect.poll(() => main(narrow.page).innerText()).toContain('Bottega di Gianni');
    expect(await main(narrow.page).innerText()).toContain('Accettata');
    expect(await adminOverflows(narrow.page)).toEqual([]);
    await narrow.page.screenshot({ path: `${shots}/admin-collaboration-requests-375.png`, fullPage: true });
    await narrow.page.goto('/admin/package-unlocks');
    await expect.poll(() => main(narrow.page).innerText()).toContain('gratuito');
    expect(await adminOverflows(narrow.page)).toEqual([]);
    await narrow.page.screenshot({ path: `${shots}/admin-package-unlocks-375.png`, fullPage: true });
    await narrow.page.getByText('Bottega di Gianni').first().click();
    await narrow.page.waitForURL((url) => url.pathname === `/admin/package-unlocks/${unlockId}/show`);
    await expect.poll(() => main(narrow.page).innerText()).toContain('Primo mese offerto alla bottega');
    expect(await adminOverflows(narrow.page)).toEqual([]);
    await narrow.page.screenshot({ path: `${shots}/admin-package-unlock-show-375.png`, fullPage: true });
    await narrow.page.getByRole('button', { name: 'Sblocca' }).click();
    await expect.poll(() => narrow.page.getByRole('dialog').isVisible()).toBe(true);
    expect(await adminOverflows(narrow.page)).toEqual([]);
    await narrow.page.screenshot({ path: `${shots}/admin-package-unlock-dialog-375.png` });
  });
});
