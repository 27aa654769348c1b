import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { logIn, useJourney } from './support/journey.js';
import { noSideScroll } from './support/layout.js';

const journey = useJourney();
const shots = '.data/screenshots';
const rome = { latitude: 41.9028, longitude: 12.4964 };

const shopsInArea = (page: Page) => page.getByTestId('shops-in-area').textContent();
/** A full-page screenshot once the map (a lazy chunk) is drawn, from the top of the page. */
async function shoot(page: Page, name: string) {
  await expect.poll(() => page.locator('.leaflet-container').count()).toBeGreaterThan(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

describe.skipIf(!hasBrowser)('an approved collaborator’s area, in Chromium', () => {
  beforeAll(() => mkdirSync(shots, { recursive: true }));

  it('sets the coverage area on the map (address, radius, click, own position), sees the shops inside on the stores map and the dashboard’s figures', async () => {
    // The seeded collaborator registers around Milan (5 km) and the admin approves the profile.
    const phone = await journey.tab(375);
    const { page } = phone;
    await logIn(page, 'collaboratore', 'vicino-collabora');
    const registered = await page.request.post('/api/collaborators', {
      data: { address: 'Piazza del Duomo 1, Milano', latitude: 45.4642, longitude: 9.19, radiusKm: 5, services: ['delivery'], availability: 'Lun–ven pomeriggio' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const { userId } = (await registered.json()) as { userId: string };
    const admin = await journey.tab(1280);
    await logIn(admin.page, 'admin', 'vicino-admin');
    expect((await admin.page.request.post(`/api/admin/collaborators/${userId}/approve`, { data: { canActivateSessions: true } })).status()).toBe(200);

    // The coverage area: the circle around Milan holds the six active seeded Milan shops (the Navigli one awaits approval).
    await page.goto('/collaborator/coverage-area');
    await expect.poll(() => shopsInArea(page)).toMatch(/6 negozi attivi si trovano entro 5 km dal centro/);
    await expect.poll(() => page.locator('path.leaflet-interactive').count()).toBeGreaterThanOrEqual(2); // the circle and the shops' dots

    // Moved to Rome by the address: the six seeded Roman shops are inside, counted before saving.
    // Issue [22]: the address typed centres the area on its comune (offline: Rome's seat), then on a point typed.
    const address = page.getByRole('combobox', { name: 'Indirizzo' });
    await address.fill('Via del Corso 10, Roma');
    await address.press('Enter');
    await expect.poll(() => page.getByLabel('Latitudine').inputValue()).toBe('41.89193');
    await page.getByLabel('Latitudine').fill(String(rome.latitude));
    await page.getByLabel('Longitudine').fill(String(rome.longitude));
    await expect.poll(() => shopsInArea(page)).toMatch(/6 negozi attivi si trovano entro 5 km/);
    await expect.poll(() => page.getByText('Modifiche non salvate').isVisible()).toBe(true);

    // The radius: 2 km keeps only Forno Monti (0.8 km from the centre).
    await page.getByLabel('Raggio in km').fill('2');
    await expect.poll(() => shopsInArea(page)).toMatch(/1 negozio attivo si trova entro 2 km/);
    await page.getByLabel('Raggio in km').fill('5');
    await expect.poll(() => shopsInArea(page)).toMatch(/6 negozi attivi si trovano entro 5 km/);

    // A click on the map moves the centre there (a little off the city's centre here).
    const map = page.getByRole('region', { name: 'Mappa per scegliere il centro della tua zona di lavoro' });
    const box = (await map.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 20, box.y + box.height / 2 + 20);
    await expect.poll(async () => Number(await page.getByLabel('Latitudine').inputValue())).toBeLessThan(rome.latitude);

    // And "Usa la mia posizione" puts it back where the phone is: Rome's centre.
    await phone.context.grantPermissions(['geolocation']);
    await phone.context.setGeolocation(rome);
    await page.getByRole('button', { name: 'Usa la mia posizione' }).click();
    await expect.poll(() => page.getByLabel('Latitudine').inputValue()).toBe(String(rome.latitude));
    await expect.poll(() => shopsInArea(page)).toMatch(/6 negozi attivi/);
    await noSideScroll(page, 375);
    await shoot(page, 'collaborator-coverage-area-375');
    await page.getByRole('button', { name: 'Salva l’area' }).click();
    await expect.poll(() => page.getByText('Area di copertura salvata').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Modifiche non salvate').isVisible()).toBe(false);

    // Saved: the profile reads the new area.
    const saved = await (await page.request.get(`/api/collaborators/user/${userId}`)).json();
    expect(saved.coverageArea).toEqual({ address: 'Via del Corso 10, Roma', ...rome, radiusKm: 5 });

    // The stores map, on a wide screen: the six shops on the map and in the list, nearest first.
    const wide = await journey.tab(1280);
    await logIn(wide.page, 'collaboratore', 'vicino-collabora');
    await wide.page.goto('/collaborator/stores-map');
    const list = wide.page.getByTestId('stores-in-area');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(6);
    const rows = await list.getByRole('listitem').allTextContents();
    expect(rows[0]).toMatch(/^Forno MontiRomaPanetteria810 m$/);
    const nearestFirst = ['Forno Monti', 'Bottega di Gianni', 'Ferramenta Trastevere', 'Cartoleria Prati', 'Parafarmacia San Giovanni', 'Elettronica Tuscolana'];
    expect(rows.map((r) => nearestFirst.find((name) => r.startsWith(name)))).toEqual(nearestFirst);
    await expect.poll(() => wide.page.getByRole('heading', { name: '6 negozi nella zona' }).isVisible()).toBe(true);
    // Every shop on the map: its own pin, or counted in a group where pins crowd (the admin's clustering).
    const onMap = () =>
      wide.page.evaluate(() =>
        Array.from(document.querySelectorAll('.leaflet-marker-icon')).reduce((n, icon) => {
          const group = icon
            .querySelector('[role="img"]')
            ?.getAttribute('aria-label')
            ?.match(/^(\d+) negozi/);
          return n + (group ? Number(group[1]) : icon.getAttribute('title') ? 1 : 0);
        }, 0),
      );
    await expect.poll(onMap).toBe(6);
    await expect.poll(() => wide.page.getByTestId('open-requests').isVisible()).toBe(true);
    await shoot(wide.page, 'collaborator-stores-map-1280');
    await page.goto('/collaborator/stores-map');
    await expect.poll(() => page.getByTestId('stores-in-area').getByRole('listitem').count()).toBe(6);
    await noSideScroll(page, 375);
    await shoot(page, 'collaborator-stores-map-375');

    // The dashboard: the real figures of the profile and the area; no task yet (GET /api/collaborators/tasks).
    await wide.page.goto('/dashboard/collaborator');
    const stat = (label: string) => wide.page.getByTestId(`stat-${label}`).textContent();
    await expect.poll(() => stat('Negozi nella zona')).toBe('6');
    expect(await stat('Stato account')).toBe('Attivo');
    expect(await stat('Approvazione')).toBe('Approvato');
    expect(await stat('Valutazione')).toBe('5/5');
    expect(await stat('Crediti guadagnati')).toBe('0');
    expect(await stat('Disponibilità')).toBe('Disponibile');
    await expect.poll(() => stat('Attività totali')).toBe('0');
    expect(await wide.page.getByText('Nessuna attività.').isVisible()).toBe(true);
    await wide.page.screenshot({ path: `${shots}/collaborator-dashboard-1280.png`, fullPage: true });
    await page.goto('/dashboard/collaborator');
    await expect.poll(() => page.getByTestId('stat-Negozi nella zona').textContent()).toBe('6');
    await noSideScroll(page, 375);
    await page.screenshot({ path: `${shots}/collaborator-dashboard-375.png`, fullPage: true });

    // The coverage area on a wide screen, and a page of [13] from the menu: the earnings, none yet.
    await wide.page.goto('/collaborator/coverage-area');
    await expect.poll(() => shopsInArea(wide.page)).toMatch(/6 negozi attivi/);
    await shoot(wide.page, 'collaborator-coverage-area-1280');
    await wide.page.getByRole('link', { name: 'Guadagni' }).first().click();
    await wide.page.waitForURL((url) => url.pathname === '/collaborator/earnings');
    await expect.poll(() => wide.page.getByText('Ancora nessun guadagno').first().isVisible()).toBe(true);
  });

  it('invites a collaborator without a profile to register, from the area and the stores map', async () => {
    const { page } = await journey.tab(375);
    // A second collaborator account, never registered as one.
    const signup = await page.request.post('/api/register', {
      data: { username: 'nuovo.collab', name: 'Sara Neri', email: 'sara@esempio.it', password: 'segreta1', role: 'collaborator' },
    });
    expect(signup.ok(), await signup.text()).toBe(true);
    for (const path of ['/collaborator/coverage-area', '/collaborator/stores-map', '/dashboard/collaborator']) {
      await page.goto(path);
      await expect.poll(() => page.getByRole('link', { name: 'Completa il profilo' }).isVisible(), { message: path }).toBe(true);
    }
    await page.getByRole('link', { name: 'Completa il profilo' }).click();
    await page.waitForURL((url) => url.pathname === '/collaborator/register');
  });
});
