import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { fillRegistration, logIn, useJourney } from './support/journey.js';
import { givePlan } from '../support/marketplace.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { registered } from './support/server.js';

const journey = useJourney();
const tab = journey.tab;

/** Near Milan's Porta Venezia: a part of town where the demo seed has no shop. */
const shopPosition = { latitude: 45.4746, longitude: 9.2052 };
/** The customer stands about a kilometre away, in Milan's centre. */
const customerPosition = { latitude: 45.4654, longitude: 9.1897 };

describe.skipIf(!hasBrowser)('a shop goes online and a neighbour finds it, in Chromium', () => {
  it('shopkeeper opens a store and adds a product, admin approves, a customer nearby finds it by an accent-less word and favourites the shop', async () => {
    // 1. A new shopkeeper registers and creates the store with the wizard.
    const shopkeeper = await tab();
    const page = shopkeeper.page;
    await fillRegistration(page, { username: 'ciccio.drogheria', name: 'Francesco Russo', email: 'ciccio@esempio.it' }, '/auth?role=shopkeeper');
    await page.getByRole('button', { name: 'Crea il tuo account' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/shopkeeper/store');
    await page.getByLabel('Nome del negozio').fill('Drogheria Ciccio');
    await page.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Alimentari', exact: true }).click();
    await page.getByLabel('Descrizione').fill('Caffè, tè, spezie e dolci di una volta.');
    await page.getByRole('button', { name: 'Avanti' }).click();

    // Issue [22]: the pin follows the address typed (its comune's seat offline), then moves onto the shop.
    const address = page.getByRole('combobox', { name: 'Indirizzo' });
    await address.fill('Corso Buenos Aires 12, 20124 Milano MI');
    await address.press('Enter');
    await expect.poll(() => page.getByLabel('Latitudine').inputValue()).toBe('45.46427');
    expect(await page.getByText('Segnaposto al centro di Milano: spostalo sul negozio, sulla mappa o con le coordinate.').isVisible()).toBe(true);
    expect(await page.getByText('Passo 2 di 5').isVisible()).toBe(true);
    await page.screenshot({ path: '.data/screenshots/store-wizard-address-placed-1280.png', fullPage: true });
    await page.getByLabel('Latitudine').fill(String(shopPosition.latitude));
    await page.getByLabel('Longitudine').fill(String(shopPosition.longitude));
    await page.getByRole('button', { name: 'Avanti' }).click();
    // The usual week is already there: Monday to Saturday, two bands a day.
    await expect.poll(() => page.getByText('Passo 3 di 5').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByRole('textbox', { name: 'Telefono' }).fill('+39 02 1234 5678');
    await page.getByRole('button', { name: 'Avanti' }).click();
    await expect.poll(() => page.getByText('Corso Buenos Aires 12, 20124 Milano MI').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Crea il negozio' }).click();
    await page.waitForURL('**/dashboard/shopkeeper');

    await page.goto('/shopkeeper/store');
    await expect.poll(() => page.getByText('Vicino sta controllando i dati del negozio', { exact: false }).isVisible()).toBe(true);

    // 2. A product, through the product form.
    await page.goto('/shopkeeper/products/new');
    await page.getByRole('textbox', { name: /^Nome\b/ }).fill("Caffè d'orzo solubile");
    await page.getByLabel('Descrizione').fill('Orzo tostato, 120 g, senza caffeina.');
    await page.getByLabel('Prezzo').fill('3,40');
    await page.getByLabel('Quantità in magazzino').fill('12');
    await page.getByRole('button', { name: 'Crea il prodotto' }).click();
    await page.waitForURL('**/shopkeeper/products');
    await expect.poll(() => page.getByText("Caffè d'orzo solubile").first().isVisible()).toBe(true);

    const store = (await (await page.request.get('/api/stores/me')).json()) as { id: string; slug: string; status: string };
    expect(store).toMatchObject({ slug: 'drogheria-ciccio', status: 'pending' });
    // Pending: only its owner sees it, customers do not yet.
    expect((await fetch(`${journey.site.url}/api/stores/${store.slug}`)).status).toBe(404);

    // 3. The admin approves it (the admin screens come with their own issue: the API is enough here).
    const admin = await tab();
    expect((await admin.page.request.post('/api/login', { data: { username: 'admin', password: 'vicino-admin' } })).ok()).toBe(true);
    expect((await admin.page.request.post(`/api/admin/stores/${store.id}/approve`, { data: {} })).ok()).toBe(true);

    // The owner hears of it.
    await page.goto('/shopkeeper/store');
    await expect.poll(() => page.getByText('Il negozio è visibile ai clienti', { exact: false }).isVisible()).toBe(true);

    // 4. A customer a kilometre away, on a phone, searches with no accent and from the browser's position.
    const customer = await tab(375);
    await customer.context.grantPermissions(['geolocation']);
    await customer.context.setGeolocation(customerPosition);
    const c = customer.page;
    expect((await c.request.post('/api/login', { data: { username: 'cliente', password: 'vicino-cliente' } })).ok()).toBe(true);
    await c.goto('/');
    await c.getByRole('searchbox').first().fill('caffe orzo');
    await c.keyboard.press('Enter');
    await c.waitForURL((url) => url.pathname === '/search');
    await c.getByRole('button', { name: 'Cambia', exact: true }).click();
    await c.getByRole('button', { name: 'Usa la mia posizione' }).click();
    await expect.poll(() => c.getByText('La tua posizione', { exact: false }).first().isVisible()).toBe(true);

    const result = c.getByRole('link', { name: /Caffè d'orzo solubile/ });
    await expect.poll(() => result.isVisible(), { timeout: hangAfter(10_000) }).toBe(true);
    const card = c.locator('.MuiCard-root', { has: result });
    await expect.poll(() => card.textContent()).toMatch(/Drogheria Ciccio/);
    await expect.poll(() => card.textContent()).toMatch(/3,40/);
    await expect.poll(() => card.textContent()).toMatch(/1,\d km/);

    // 5. To the product, then to the shop, and into the favourites.
    await result.click();
    await c.waitForURL('**/products/*');
    // At 375 px the trail wraps between its steps: no «/» drawn over «Cerca» or a name.
    const trail = c.locator('nav[aria-label="Percorso"] li');
    await expect.poll(() => trail.count()).toBe(5);
    const steps = await trail.evaluateAll((items) => items.map((li) => li.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom })));
    for (const [i, step] of steps.entries()) {
      const before = steps[i - 1];
      if (before) expect(step.top >= before.bottom - 1 || step.left >= before.right - 0.5, `step ${i} overlaps the one before`).toBe(true);
    }
    await c.getByRole('link', { name: 'Vai al negozio' }).click();
    await c.waitForURL('**/stores/drogheria-ciccio');
    await expect.poll(() => c.getByRole('heading', { name: 'Drogheria Ciccio' }).isVisible()).toBe(true);
    await expect.poll(() => c.getByText('+39 02 1234 5678').isVisible()).toBe(true);
    await c.getByRole('button', { name: 'Salva nei preferiti' }).click();
    await expect.poll(() => c.getByRole('button', { name: 'Nei preferiti' }).isVisible()).toBe(true);

    await c.goto('/customer/favorites');
    await expect.poll(() => c.getByText('Drogheria Ciccio').first().isVisible()).toBe(true);
    const favorites = (await (await c.request.get('/api/favorites')).json()) as { name: string }[];
    expect(favorites.map((f) => f.name)).toContain('Drogheria Ciccio');
    await noSideScroll(c, 375);
  });
});

describe.skipIf(!hasBrowser)('a shop opens before deciding its hours, in Chromium', () => {
  it('is created without hours, shows "Orari non indicati", offers shipping but no pickup until the owner adds the hours', async () => {
    const userId = await registered(journey.site, { username: 'bottega.senza.orari', name: 'Lucia Greco', email: 'lucia@esempio.it', role: 'shopkeeper' });
    await givePlan(journey.site, userId);
    const { page } = await tab(375);
    await logIn(page, 'bottega.senza.orari', 'segreta1');
    await page.goto('/shopkeeper/store');
    await page.getByLabel('Nome del negozio').fill('Bottega Greco');
    await page.getByRole('combobox', { name: 'Categoria' }).click();
    await page.getByRole('option', { name: 'Alimentari', exact: true }).click();
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByRole('combobox', { name: 'Indirizzo' }).fill('Via Padova 30, 20127 Milano MI');
    await page.getByLabel('Latitudine').fill(String(shopPosition.latitude));
    await page.getByLabel('Longitudine').fill(String(shopPosition.longitude));
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByLabel('Non ho ancora deciso gli orari: li indico più tardi').check();
    await page.getByRole('button', { name: 'Avanti' }).click();
    await page.getByRole('button', { name: 'Avanti' }).click();
    await expect.poll(() => page.getByText('Orari non indicati').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Crea il negozio' }).click();
    await page.waitForURL('**/dashboard/shopkeeper');
    // The dashboard invites the owner to add them.
    await expect.poll(() => page.getByRole('link', { name: 'Aggiungi gli orari' }).isVisible()).toBe(true);

    const owner = page.request;
    const store = (await (await owner.get('/api/stores/me')).json()) as { id: string; slug: string; openingHours: unknown };
    expect(store.openingHours).toBeNull();
    expect((await owner.patch('/api/stores/me', { data: { pickupOnly: false, shippingEnabled: true, shippingRadius: 5, shippingCost: 3 } })).ok()).toBe(true);
    const product = (await (await owner.post('/api/products', { data: { name: 'Lenticchie di Castelluccio', price: 4.2, stockQuantity: 10, category: 'alimentari' } })).json()) as {
      id: string;
    };
    const admin = await tab();
    expect((await admin.page.request.post('/api/login', { data: { username: 'admin', password: 'vicino-admin' } })).ok()).toBe(true);
    expect((await admin.page.request.post(`/api/admin/stores/${store.id}/approve`, { data: {} })).ok()).toBe(true);

    // The customer reads why, on the shop's page and at checkout, where shipping is chosen instead.
    const customer = await tab(375);
    const c = customer.page;
    await logIn(c, 'cliente', 'vicino-cliente');
    await c.goto(`/stores/${store.slug}`);
    const about = c.getByRole('complementary', { name: 'Informazioni sul negozio' });
    await expect.poll(() => about.getByText('Orari non indicati').isVisible()).toBe(true);
    expect(await about.getByText('Il negozio non ha ancora indicato quando è aperto', { exact: false }).isVisible()).toBe(true);
    expect((await c.request.post('/api/cart/items', { data: { productId: product.id, quantity: 1 } })).ok()).toBe(true);
    await c.goto('/customer/checkout');
    const section = c.getByRole('region', { name: 'Consegna da Bottega Greco' });
    await expect.poll(() => section.getByRole('radio', { name: /^Ritiro in negozio/ }).isDisabled()).toBe(true);
    expect(await section.getByRole('radio', { name: /^Spedizione a domicilio/ }).isChecked()).toBe(true);
    expect(await section.textContent()).toContain('non si può ritirare lì, ma puoi scegliere la spedizione');

    // The owner adds the hours from the invitation; pickup opens.
    await page.getByRole('link', { name: 'Aggiungi gli orari' }).click();
    await page.waitForURL('**/shopkeeper/store/settings?sezione=orari');
    await page.getByLabel('Non ho ancora deciso gli orari: li indico più tardi').uncheck();
    await page.getByRole('button', { name: 'Salva le modifiche' }).click();
    await expect.poll(async () => ((await (await owner.get('/api/stores/me')).json()) as { openingHours: unknown }).openingHours).not.toBeNull();
    await c.reload();
    await expect.poll(() => section.getByRole('radio', { name: 'Ritiro in negozio (gratis)' }).isEnabled()).toBe(true);
  });
});
