import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { logIn, useJourney } from './support/journey.js';

const journey = useJourney();
const tab = journey.tab;

describe.skipIf(!hasBrowser)('auth and role-guarded routing in Chromium', () => {
  it('registers a customer and lands on the home page, logged in', async () => {
    const { page } = await tab();
    await page.goto('/auth?role=customer');
    await page.getByLabel('Username').fill('giulia.b');
    await page.getByLabel('Nome completo').fill('Giulia Bianchi');
    await page.getByLabel('E-mail').fill('giulia.b@esempio.it');
    await page.getByLabel('Password', { exact: true }).fill('segreta1');
    await page.getByLabel('Conferma password').fill('segreta1');
    await page.getByLabel(/Accetto i termini/).check();
    await page.getByRole('button', { name: 'Crea il tuo account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByText('Registrazione completata', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'La mia area' }).click();
    await page.waitForURL('**/dashboard/customer');
    await expect.poll(() => page.getByTestId('role-label').textContent()).toBe('Cliente');
  });

  it('shows "Login failed" for a wrong password', async () => {
    const { page } = await tab();
    await page.goto('/auth');
    await page.getByLabel('Username').fill('cliente');
    await page.getByLabel('Password').fill('sbagliata');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect.poll(() => page.getByText('Login failed', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Username o password non corretti.' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('checks the login fields before sending', async () => {
    const { page } = await tab();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect.poll(() => page.getByText('Username is required').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Password is required').isVisible()).toBe(true);
  });

  it('shows "Le password non coincidono" for mismatched passwords, and sends nothing', async () => {
    const { page } = await tab();
    let registered = false;
    page.on('request', (r) => r.url().endsWith('/api/register') && (registered = true));
    await page.goto('/auth?tab=register');
    await page.getByLabel('Username').fill('marco.v');
    await page.getByLabel('Nome completo').fill('Marco Verdi');
    await page.getByLabel('E-mail').fill('marco@esempio.it');
    await page.getByLabel('Password', { exact: true }).fill('segreta1');
    await page.getByLabel('Conferma password').fill('segreta2');
    await page.getByLabel(/Accetto i termini/).check();
    await page.getByRole('button', { name: 'Crea il tuo account' }).click();
    await expect.poll(() => page.getByText('Le password non coincidono').isVisible()).toBe(true);
    expect(registered).toBe(false);
  });

  it('sends a logged-out visitor of a dashboard to /auth', async () => {
    const { page } = await tab();
    await page.goto('/dashboard/shopkeeper');
    await page.waitForURL('**/auth');
  });

  it('sends a customer away from admin and shopkeeper paths to their dashboard', async () => {
    const t = await tab();
    await logIn(t.page, 'cliente', 'vicino-cliente');
    await t.page.goto('/admin/users');
    await t.page.waitForURL('**/dashboard/customer');
    await t.page.goto('/shopkeeper/products');
    await t.page.waitForURL('**/dashboard/customer');
  });

  it('lets a shopkeeper into /collaborator/tasks but not /collaborator/coverage-area', async () => {
    const t = await tab();
    await logIn(t.page, 'negoziante', 'vicino-negozio');
    await t.page.goto('/collaborator/tasks');
    await t.page.waitForLoadState('networkidle');
    expect(new URL(t.page.url()).pathname).toBe('/collaborator/tasks');
    await t.page.goto('/collaborator/coverage-area');
    await t.page.waitForURL('**/dashboard/shopkeeper');
    await expect.poll(() => t.page.getByRole('heading', { name: 'Bottega di Gianni' }).isVisible()).toBe(true);
  });

  it('shows the 404 title on an unknown path', async () => {
    const { page } = await tab();
    await page.goto('/non-esiste/affatto');
    await expect.poll(() => page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
  });

  it('turns the sidebar into a drawer at 375 px', async () => {
    const t = await tab(375);
    await logIn(t.page, 'admin', 'vicino-admin');
    await t.page.goto('/dashboard/admin');
    const menuButton = t.page.getByRole('button', { name: 'Apri il menu' });
    await expect.poll(() => menuButton.isVisible()).toBe(true);
    expect(await t.page.getByTestId('sidebar').count()).toBe(0);
    await menuButton.click();
    await expect.poll(() => t.page.getByTestId('sidebar-drawer').getByText('Amministratore').isVisible()).toBe(true);
    expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('logs out from the dashboard header', async () => {
    const t = await tab();
    await logIn(t.page, 'collaboratore', 'vicino-collabora');
    await t.page.goto('/dashboard/collaborator');
    await t.page.getByRole('button', { name: 'Esci' }).click();
    await t.page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => t.page.getByText('Logged out successfully', { exact: true }).isVisible()).toBe(true);
    await t.page.goto('/dashboard/collaborator');
    await t.page.waitForURL('**/auth');
  });
});
