import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { fillRegistration, logIn, useJourney } from './support/journey.js';
import { noSideScroll } from './support/layout.js';

const journey = useJourney();
const tab = journey.tab;

const visible = (page: Page, text: string) => expect.poll(() => page.getByText(text, { exact: true }).isVisible());

describe.skipIf(!hasBrowser)('auth and role-guarded routing in Chromium', () => {
  it('registers a customer and lands on the home page, logged in', async () => {
    const { page } = await tab();
    const sent: unknown[] = [];
    page.on('request', (r) => r.url().endsWith('/api/register') && sent.push(r.postDataJSON()));
    await fillRegistration(page, { username: 'giulia.b', name: 'Giulia Bianchi', email: 'giulia.b@esempio.it' }, '/auth?role=customer');
    await page.getByRole('button', { name: 'Crea il tuo account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.getByText('Registrazione completata', { exact: true }).isVisible()).toBe(true);
    // Spec §5/§7: the five fields, never the confirmation; the terms accepted in the versions shown (issue [21]), no marketing unless ticked.
    expect(sent).toEqual([
      { username: 'giulia.b', name: 'Giulia Bianchi', email: 'giulia.b@esempio.it', password: 'segreta1', role: 'customer', acceptTerms: true, termsVersion: 1, privacyVersion: 1 },
    ]);
    await page.getByRole('link', { name: 'La mia area' }).click();
    await page.waitForURL('**/dashboard/customer');
    await expect.poll(() => page.getByTestId('role-label').textContent()).toBe('Cliente');
  });

  it('greets a person who logs in', async () => {
    const { page } = await tab();
    await logIn(page, 'cliente', 'vicino-cliente');
    await visible(page, 'Logged in successfully').toBe(true);
    await visible(page, 'Welcome back, Chiara Romano').toBe(true);
  });

  it('shows "Errore di registrazione" and the server\'s reason when the username is taken', async () => {
    const { page } = await tab();
    await fillRegistration(page, { username: 'cliente', email: 'altra.chiara@esempio.it' });
    await page.getByRole('button', { name: 'Crea il tuo account' }).click();
    await visible(page, 'Errore di registrazione').toBe(true);
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Questo username è già in uso.' }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('checks the password rules before sending', async () => {
    const { page } = await tab();
    let registered = false;
    page.on('request', (r) => r.url().endsWith('/api/register') && (registered = true));
    await fillRegistration(page, { password: '12345', confirm: '12345' });
    await page.getByRole('button', { name: 'Crea il tuo account' }).click();
    await visible(page, 'Password must be at least 6 characters').toBe(true);
    await page.getByLabel(/^Password/).fill('segreta1');
    await page.getByLabel('Conferma password').fill('');
    await page.getByRole('button', { name: 'Crea il tuo account' }).click();
    await visible(page, 'Please confirm your password').toBe(true);
    expect(await page.getByText('Password must be at least 6 characters').count()).toBe(0);
    // Required for assistive technology too, while the messages above stay the form's own.
    for (const label of ['Username', 'Nome completo', 'E-mail', 'Conferma password']) {
      expect(await page.getByRole('textbox', { name: label }).getAttribute('required'), label).not.toBeNull();
    }
    expect(await page.getByLabel(/Accetto i termini/).getAttribute('required')).not.toBeNull();
    expect(registered).toBe(false);
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
    await fillRegistration(page, { confirm: 'segreta2' });
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

  it('sends a shopkeeper and an admin away from the customer area to their own dashboard, and the bell to notifications they can read', async () => {
    const t = await tab();
    await logIn(t.page, 'negoziante', 'vicino-negozio');
    for (const path of ['/dashboard/customer', '/customer/orders', '/customer/favorites']) {
      await t.page.goto(path);
      await t.page.waitForURL('**/dashboard/shopkeeper');
    }
    await expect.poll(() => t.page.getByRole('heading', { name: 'Bottega di Gianni' }).isVisible()).toBe(true);
    expect(await t.page.getByText('Non hai ancora fatto ordini').count()).toBe(0);
    await t.page
      .getByRole('link', { name: /^Notifiche/ })
      .first()
      .click();
    await t.page.waitForURL('**/notifications');
    expect(new URL(t.page.url()).pathname).toBe('/notifications');
    await expect.poll(() => t.page.getByRole('heading', { name: 'Notifiche', exact: true }).isVisible()).toBe(true);

    const admin = await tab();
    await logIn(admin.page, 'admin', 'vicino-admin');
    await admin.page.goto('/customer/cart');
    await admin.page.waitForURL('**/dashboard/admin');
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
    await noSideScroll(t.page, 375);
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

  it('says "Logout failed" and keeps the session when logging out fails, from either header', async () => {
    const { page } = await tab();
    await logIn(page, 'cliente', 'vicino-cliente');
    await page.route('**/api/logout', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Errore interno"}' }));
    await page.getByRole('button', { name: 'Esci' }).click();
    await visible(page, 'Logout failed').toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'La mia area' }).isVisible()).toBe(true);
    await page.goto('/dashboard/customer');
    await page.getByRole('button', { name: 'Esci' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await visible(page, 'Logout failed').toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'La mia area' }).isVisible()).toBe(true);
    // The frame fails the test on any page error, an unhandled rejection among them.
  });

  it('collapses the sidebar to its icons on a desktop', async () => {
    const { page } = await tab();
    await logIn(page, 'cliente', 'vicino-cliente');
    await page.goto('/dashboard/customer');
    const sidebar = page.getByTestId('sidebar');
    const width = () => sidebar.locator('.MuiDrawer-paper').evaluate((e) => e.getBoundingClientRect().width);
    await expect.poll(() => sidebar.getByText('I miei ordini').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Comprimi il menu' }).click();
    await expect.poll(width).toBeLessThan(100);
    expect(await sidebar.getByText('I miei ordini').count()).toBe(0);
    expect(await sidebar.getByRole('link').count()).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Espandi il menu' }).click();
    await expect.poll(width).toBeGreaterThan(200);
    await expect.poll(() => sidebar.getByText('Cliente', { exact: true }).isVisible()).toBe(true);
  });

  it('invites a collaborator without a profile to complete the registration', async () => {
    const { page } = await tab();
    await logIn(page, 'collaboratore', 'vicino-collabora');
    await page.goto('/dashboard/collaborator');
    await expect.poll(() => page.getByRole('heading', { name: 'Completa la tua registrazione' }).isVisible()).toBe(true);
  });

  it("shows a favourite shop on the customer's dashboard with the default rating 4,5", async () => {
    const { page } = await tab();
    await logIn(page, 'cliente', 'vicino-cliente');
    const shop = (await (await page.request.get('/api/stores/forno-monti')).json()) as { id: string };
    expect((await page.request.post('/api/favorites', { data: { storeId: shop.id } })).status()).toBe(201);
    await page.goto('/dashboard/customer');
    const favourite = page.getByRole('link').filter({ hasText: 'Forno Monti' });
    await expect.poll(() => favourite.isVisible()).toBe(true);
    expect(await favourite.textContent()).toContain('4,5');
  });

  it("offers a retry, not a new store, when the shopkeeper's store cannot be read", async () => {
    const { page } = await tab();
    await logIn(page, 'negoziante', 'vicino-negozio');
    await page.route('**/api/stores/me', (route) => route.fulfill({ status: 503, body: 'Servizio non disponibile' }));
    await page.goto('/dashboard/shopkeeper');
    await expect.poll(() => page.getByText('Non è stato possibile leggere i dati del negozio', { exact: false }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Crea il tuo negozio' }).count()).toBe(0);
    await page.unroute('**/api/stores/me');
    await page.getByRole('button', { name: 'Riprova' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Bottega di Gianni' }).isVisible()).toBe(true);
  });

  it('gives the admin quick actions that lead to real screens and the real latest events as recent activity', async () => {
    // Someone registers just before the admin looks: the newest event of the log.
    const registered = await fetch(`${journey.site.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nuova.cliente', name: 'Nuova Cliente', email: 'nuova.cliente@esempio.it', password: 'segreta12', role: 'customer' }),
    });
    expect(registered.status).toBe(201);
    const { page } = await tab();
    await logIn(page, 'admin', 'vicino-admin');
    await page.goto('/dashboard/admin');
    const actions = page.getByRole('navigation', { name: 'Azioni rapide' }).getByRole('link');
    await expect.poll(() => actions.count()).toBeGreaterThanOrEqual(3);
    const targets = await actions.evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    const activity = page.getByRole('region', { name: 'Attività recente' });
    await expect.poll(() => activity.getByText('Nuovo account «nuova.cliente» (cliente).').isVisible()).toBe(true);
    for (const target of targets) {
      await page.goto(target);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: '404 Page Not Found' }).count(), target).toBe(0);
    }
  });
});
