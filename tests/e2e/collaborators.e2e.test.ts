import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { adminOnCollaborators, logIn, useJourney } from './support/journey.js';
import { noSideScroll } from './support/layout.js';
import { shots, useScreenshots } from './support/screenshots.js';

const journey = useJourney();

describe.skipIf(!hasBrowser)('a collaborator’s profile, in Chromium', () => {
  useScreenshots();

  it('registers from the dashboard’s invitation (area on the map, radius, services); the admin approves it from the pending list; the collaborator reads it approved', async () => {
    const { page } = await journey.tab(375);
    await logIn(page, 'collaboratore', 'vicino-collabora');
    await page.goto('/dashboard/collaborator');
    await page.getByRole('link', { name: 'Completa il profilo' }).click();
    await page.waitForURL((url) => url.pathname === '/collaborator/register');
    await page.getByRole('combobox', { name: 'Indirizzo' }).fill('Via del Corso 10, Roma');
    await page.getByLabel('Latitudine').fill('41.9');
    await page.getByLabel('Longitudine').fill('12.48');
    await page.getByRole('checkbox', { name: 'Consegne' }).check();
    await page.getByRole('checkbox', { name: 'Inventario' }).check();
    await page.getByLabel('Disponibilità settimanale').fill('Lun–ven pomeriggio');
    await page.getByRole('button', { name: 'Invia il profilo' }).click();
    await page.waitForURL((url) => url.pathname === '/collaborator/profile');
    await expect.poll(() => page.getByText('Il tuo profilo è in attesa di approvazione').isVisible()).toBe(true);
    await noSideScroll(page, 375);
    await page.screenshot({ path: `${shots}/collaborator-profile-pending-375.png`, fullPage: true });

    // The admin finds it first among the pending ones and approves it, sessions allowed.
    // Spec §2's collaboration management leads to the collaborators (and to reports and cases, issue [14]).
    const back = await adminOnCollaborators(journey);
    const row = back.page.getByRole('row', { name: /Luca Ferrari/ });
    await expect.poll(() => row.getByText('In attesa di approvazione').isVisible()).toBe(true);
    await back.page.screenshot({ path: `${shots}/admin-collaborators-1280.png`, fullPage: true });
    await row.getByRole('button', { name: 'Approva' }).click();
    await back.page.getByRole('dialog').getByRole('button', { name: 'Approva' }).click();
    await expect.poll(() => row.getByText('Approvato').isVisible()).toBe(true);
    await row.click();
    await expect.poll(() => back.page.getByRole('button', { name: 'Sospendi' }).isVisible()).toBe(true);
    await back.page.screenshot({ path: `${shots}/admin-collaborator-show-1280.png`, fullPage: true });
    const narrow = await journey.tab(375);
    await logIn(narrow.page, 'admin', 'vicino-admin');
    await narrow.page.goto('/admin/collaborators');
    await expect.poll(() => narrow.page.getByText('Luca Ferrari').first().isVisible()).toBe(true);
    await narrow.page.screenshot({ path: `${shots}/admin-collaborators-375.png`, fullPage: true });

    const wide = await journey.tab(1280);
    await logIn(wide.page, 'collaboratore', 'vicino-collabora');
    await wide.page.goto('/collaborator/profile');
    await expect.poll(() => wide.page.getByText('Il tuo profilo è approvato').isVisible()).toBe(true);
    expect(await wide.page.getByRole('checkbox', { name: 'Inventario' }).isChecked()).toBe(true);
    await wide.page.screenshot({ path: `${shots}/collaborator-profile-approved-1280.png`, fullPage: true });
  });
});
