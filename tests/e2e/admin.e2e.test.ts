import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { alwaysOpen, customerDetails, pickupSoon } from '../support/marketplace.js';
import { hasBrowser } from './support/browser.js';
import { answeringJson, fetchSession, logIn, searchTheList, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { registered } from './support/server.js';

const journey = useJourney();

/** In Rome's Testaccio, where the demo seed has no shop. */
const shopAt = { latitude: 41.8767, longitude: 12.4757 };

/** A logged-in API session, as a second device of that person would hold it: its calls as they answer, and answering JSON. */
async function session(username: string, password: string) {
  const send = await fetchSession(journey.site.url, username, password);
  return { send, json: answeringJson(send) };
}

async function register(username: string, role: 'shopkeeper' | 'customer') {
  await registered(journey.site, { username, name: `Persona ${username}`, password: 'segreta12', role });
  return session(username, 'segreta12');
}

/** A table row or a list entry of the page holding the text. */
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/**
 * On the admin list at `path`, searches `query` in its search box, sees one row found, and opens
 * the edit form of the row holding `row`. The form first shows the row as the list read it, then
 * the record read anew, which resets it: the form is used once that read is in (a menu opened
 * before it could be swept away with the reset).
 */
async function editTheOneFound(page: Page, path: string, searchBox: string, query: string, row: string) {
  await page.goto(path);
  await searchTheList(page, searchBox, query);
  await expect.poll(() => page.getByRole('row').count()).toBe(2);
  const record = page.waitForResponse((res) => res.request().method() === 'GET' && /^\/api\/admin\/[^/]+\/[^/?]+$/.test(new URL(res.url()).pathname));
  await rowWith(page, row).getByRole('link', { name: 'Modifica' }).click();
  await record;
  await page.waitForURL(/\/edit$|\/[0-9a-f-]{36}$/);
}

/** Picks `option` in the form's select `label`, opening it again if a re-render closed it meanwhile; sure it shows the choice. */
async function choose(page: Page, label: string, option: string) {
  const select = page.getByRole('combobox', { name: label });
  for (let attempt = 1; ; attempt++) {
    await select.click();
    try {
      await page.getByRole('option', { name: option, exact: true }).click({ timeout: 5_000 });
    } catch (error) {
      if (attempt >= 3) throw error;
      await page.keyboard.press('Escape');
      continue;
    }
    await expect.poll(() => select.textContent()).toContain(option);
    return;
  }
}

describe.skipIf(!hasBrowser)('the admin runs the platform from the back office, in Chromium', () => {
  it('approves a pending store, suspends a user, reads an order’s history with its actors and rebuilds a projection', async () => {
    // A new shop waits for approval with one product; a customer is logged in on another device.
    const owner = await register('pastificio.testaccio', 'shopkeeper');
    const store = await owner.json('POST', '/api/stores', {
      name: 'Pastificio Testaccio',
      address: 'Via Marmorata 40, Roma',
      category: 'alimentari',
      openingHours: alwaysOpen,
      ...shopAt,
    });
    const product = await owner.json('POST', '/api/products', { name: 'Tonnarelli freschi all’uovo', price: 4.2, stockQuantity: 30, category: 'alimentari' });
    const searchFinds = async () => {
      const res = await fetch(`${journey.site.url}/api/search/products?q=tonnarelli&lat=${shopAt.latitude}&lng=${shopAt.longitude}`);
      return ((await res.json()) as { items: { id: string }[] }).items.some((i) => i.id === product.id);
    };
    expect(await searchFinds()).toBe(false);
    const customer = await register('marta.sospesa', 'customer');
    expect((await customer.send('GET', '/api/user')).status).toBe(200);

    const { page } = await journey.tab();
    await logIn(page, 'admin', 'vicino-admin');

    // 1. Stores: the pending one is listed first; approving it puts its product in customer search.
    await page.goto('/admin/stores');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Negozi' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('row').nth(1).textContent()).toContain('Pastificio Testaccio');
    const storeRow = rowWith(page, 'Pastificio Testaccio');
    await expect.poll(() => storeRow.getByText('In attesa di approvazione').isVisible()).toBe(true);
    // The category by its Italian name, as the site shows it, not its slug.
    await expect.poll(() => storeRow.getByText('Alimentari', { exact: true }).isVisible()).toBe(true);
    expect(await storeRow.getByText('alimentari', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Categoria' }).count()).toBe(1);
    await storeRow.getByRole('button', { name: 'Approva' }).click();
    await expect.poll(() => storeRow.getByText('Attivo', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => storeRow.getByRole('button', { name: 'Sospendi' }).isVisible()).toBe(true);
    await expect.poll(searchFinds).toBe(true);

    // 2. Users: suspending the customer ends the session they have open elsewhere.
    await editTheOneFound(page, '/admin/users', 'Nome, utente o email', 'marta.sospesa', 'marta.sospesa');
    await choose(page, 'Stato', 'Sospeso');
    await page.getByRole('textbox', { name: 'Motivo' }).fill('Recensioni false ripetute');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.waitForURL(/\/admin\/users\/[0-9a-f-]+\/show$/);
    await expect.poll(() => page.getByText('Sospeso', { exact: true }).isVisible()).toBe(true);
    expect((await customer.send('GET', '/api/user')).status).toBe(401);

    // 3. Orders: the history shows every status change and who made it, and the state after one.
    const buyer = await session('cliente', 'vicino-cliente');
    await buyer.json('POST', '/api/cart/items', { productId: product.id, quantity: 2 });
    const placed = await buyer.json(
      'POST',
      '/api/orders/checkout',
      { ...customerDetails, stores: [{ storeId: store.id, deliveryType: 'pickup', pickupTime: pickupSoon() }] },
      { 'Idempotency-Key': 'admin-journey-order-1' },
    );
    const orderId = placed.orders[0].id as string;
    await owner.json('POST', `/api/orders/${orderId}/accept`);
    await owner.json('POST', `/api/orders/${orderId}/ready`);

    await page.goto('/admin/orders');
    await rowWith(page, 'Pastificio Testaccio').first().click();
    await page.getByRole('tab', { name: 'Cronologia' }).click();
    const events = page.getByRole('list', { name: 'Eventi' });
    const entries = [
      ['1. Ordine effettuato', 'cliente (Cliente)'],
      ['2. Ordine accettato', 'pastificio.testaccio (Negoziante)'],
      ['3. Ordine pronto', 'pastificio.testaccio (Negoziante)'],
    ];
    for (const [name, actor] of entries) {
      const entry = events.getByRole('button').filter({ hasText: name! });
      await expect.poll(() => entry.isVisible()).toBe(true);
      expect(await entry.textContent()).toContain(actor);
    }
    await events.getByRole('button').filter({ hasText: '2. Ordine accettato' }).click();
    const asOf = page.getByLabel('Stato a quel momento');
    await expect.poll(() => asOf.getByText('Stato dopo «Ordine accettato»').isVisible()).toBe(true);
    await expect.poll(() => asOf.getByText('In preparazione', { exact: true }).isVisible()).toBe(true);

    // 4. Data management: a rebuild of the orders' read model runs to its end.
    await page.goto('/admin/data-management');
    const ordersRow = page.locator('tr[data-projection="orders"]');
    await expect.poll(() => ordersRow.getByText('In pari con il registro').isVisible()).toBe(true);
    // Every read model by its Italian name, its position in words (not «2293/227»).
    for (const [name, italian] of [
      ['ai-calls', 'Richieste all’AI'],
      ['package-unlocks', 'Sblocchi dei pacchetti di collaborazione'],
      ['web-push-settings', 'Impostazioni delle notifiche push'],
    ]) {
      expect(await page.locator(`tr[data-projection="${name}"] td`).first().textContent()).toContain(italian);
    }
    expect(await ordersRow.locator('td').nth(2).textContent()).toMatch(/^Fino all’evento n\. [\d.]+ \(transazione [\d.]+\)$/);
    await ordersRow.getByRole('button', { name: 'Ricostruisci' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ricostruisci' }).click();
    await expect.poll(() => page.getByText('Ricostruzione di «Ordini» avviata').isVisible()).toBe(true);
    await expect.poll(() => ordersRow.getByText('In pari con il registro').isVisible(), { timeout: hangAfter(20_000) }).toBe(true);
    // The button comes back once the page has read the status again (17 lag counts: slow on a loaded machine).
    await expect.poll(() => ordersRow.getByRole('button', { name: 'Ricostruisci' }).isEnabled(), { timeout: hangAfter(20_000) }).toBe(true);
    // The rebuilt read model still answers the order, as it was.
    const rebuilt = await (await session('admin', 'vicino-admin')).json('GET', `/api/admin/orders/${orderId}`);
    expect(rebuilt.status).toBe('ready');
  });

  it('takes a product off sale, an entry out of the shared catalogue, and keeps an API key typed once, shown only in part', async () => {
    // Bottega di Gianni (demo seed), in Rome's centre.
    const near = { latitude: 41.8986, longitude: 12.4697 };
    const searchFinds = async () => {
      const res = await fetch(`${journey.site.url}/api/search/products?q=pecorino&lat=${near.latitude}&lng=${near.longitude}`);
      return ((await res.json()) as { items: { name: string }[] }).items.some((i) => i.name === 'Pecorino romano DOP');
    };
    expect(await searchFinds()).toBe(true);
    const { page } = await journey.tab();
    await logIn(page, 'admin', 'vicino-admin');

    // 1. Products: found by a word, moderated out of sale; customers no longer find it.
    await editTheOneFound(page, '/admin/products', 'Nome, codice o codice a barre', 'pecorino', 'Pecorino romano DOP');
    await choose(page, 'Stato', 'Non attivo');
    await page.getByRole('button', { name: 'Salva' }).click();
    await page.waitForURL(/\/admin\/products\/[0-9a-f-]+\/show$/);
    await expect.poll(() => page.getByText('Non attivo', { exact: true }).isVisible()).toBe(true);
    await expect.poll(searchFinds).toBe(false);

    // 2. Shared catalogue: an entry taken out, after a confirmation, leaves the list and the barcode lookup.
    await editTheOneFound(page, '/admin/global-products', 'Nome, codice a barre o categoria', '8001234500011', 'Pomodori San Marzano DOP');
    await page.getByRole('button', { name: 'Elimina' }).click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.getByText('Togliere questo prodotto dal catalogo condiviso?').isVisible()).toBe(true);
    await confirm.getByRole('button', { name: 'Conferma' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/global-products');
    const lookup = await (await session('negoziante', 'vicino-negozio')).send('GET', '/api/global-products/by-barcode/8001234500011');
    expect(lookup.status).toBe(404);

    // 3. OpenAI: a key typed once is kept, shown only in part, and survives saving other fields.
    await page.goto('/admin/openai-settings');
    const key = page.getByRole('textbox', { name: 'Chiave API', exact: true });
    await expect.poll(() => page.getByText('Nessuna chiave salvata.').isVisible()).toBe(true);
    // The page's title once in the bar (not once more for the costs' list below); a field's help keeps clear of the next field's label.
    await expect.poll(() => page.locator('#react-admin-title').textContent()).toBe('Impostazioni di OpenAI');
    const help = (await page.getByText('Nessuna chiave salvata.').boundingBox())!;
    const nextLabel = (await page.locator('label', { hasText: 'Indirizzo del server' }).boundingBox())!;
    expect(nextLabel.y - (help.y + help.height)).toBeGreaterThanOrEqual(5);
    await key.fill('sk-prova-0123456789abcdef');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect.poll(() => page.getByText('Chiave salvata, mostrata solo in parte: scrivine una nuova per sostituirla.').isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => key.inputValue()).toBe('sk-…cdef');
    await page.getByRole('textbox', { name: 'Modello', exact: true }).fill('gpt-4.1-mini');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect.poll(async () => (await (await session('admin', 'vicino-admin')).json('GET', '/api/admin/openai-settings/current')).model).toBe('gpt-4.1-mini');
    const stored = await (await session('admin', 'vicino-admin')).json('GET', '/api/admin/openai-settings/current');
    expect(stored).toMatchObject({ apiKey: 'sk-…cdef', apiKeySet: true });
    expect(JSON.stringify(stored)).not.toContain('0123456789');
  });

  it('sends a logged-in non-admin from /admin to their own dashboard, still logged in', async () => {
    const { page } = await journey.tab();
    await logIn(page, 'cliente', 'vicino-cliente');
    await page.goto('/admin/users');
    await page.waitForURL((url) => url.pathname === '/dashboard/customer');
    expect((await page.request.get('/api/user')).status()).toBe(200);
  });
});
