import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { logIn, useJourney } from './support/journey.js';

const journey = useJourney();
const shots = '.data/screenshots';

describe.skipIf(!hasBrowser)('a collaborator’s profile, in Chromium', () => {
  beforeAll(() => mkdirSync(shots, { recursive: true }));

  it('registers from the dashboard’s invitation (area on the map, radius, services), waits for approval, and reads it approved', async () => {
    const { page } = await journey.tab(375);
    await logIn(page, 'collaboratore', 'vicino-collabora');
    await page.goto('/dashboard/collaborator');
    await page.getByRole('link', { name: 'Completa il profilo' }).click();
    await page.waitForURL((url) => url.pathname === '/collaborator/register');
    await page.getByLabel('Indirizzo').fill('Via del Corso 10, Roma');
    await page.getByLabel('Latitudine').fill('41.9');
    await page.getByLabel('Longitudine').fill('12.48');
    await page.getByRole('checkbox', { name: 'Consegne' }).check();
    await page.getByRole('checkbox', { name: 'Inventario' }).check();
    await page.getByLabel('Disponibilità settimanale').fill('Lun–ven pomeriggio');
    await page.getByRole('button', { name: 'Invia il profilo' }).click();
    await page.waitForURL((url) => url.pathname === '/collaborator/profile');
    await expect.poll(() => page.getByText('Il tuo profilo è in attesa di approvazione').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${shots}/collaborator-profile-pending-375.png`, fullPage: true });

    // The admin approves it through the API (the back-office screen comes later).
    const login = await fetch(`${journey.site.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'vicino-admin' }) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const me = await (await fetch(`${journey.site.url}/api/user`, { headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ') } })).json();
    const approved = await fetch(`${journey.site.url}/api/admin/collaborators/${me.id}/approve`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ canActivateSessions: true }) });
    expect(approved.status).toBe(200);

    const wide = await journey.tab(1280);
    await logIn(wide.page, 'collaboratore', 'vicino-collabora');
    await wide.page.goto('/collaborator/profile');
    await expect.poll(() => wide.page.getByText('Il tuo profilo è approvato').isVisible()).toBe(true);
    expect(await wide.page.getByRole('checkbox', { name: 'Inventario' }).isChecked()).toBe(true);
    await wide.page.screenshot({ path: `${shots}/collaborator-profile-approved-1280.png`, fullPage: true });
  });
});
