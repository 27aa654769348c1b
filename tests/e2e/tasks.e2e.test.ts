import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser.js';
import { logIn, useJourney } from './support/journey.js';
import { hangAfter } from '../support/time-limits.js';
import { noSideScroll } from './support/layout.js';
import { shootFromTop as shoot, useScreenshots } from './support/screenshots.js';
import { approvedCollaborator, approvedShop } from './support/shops.js';

const journey = useJourney();

/** In Rome's Monti, where the demo seed has no shop; the customer lives a kilometre and a half north, the collaborator in between. */
const shopAt = { latitude: 41.8945, longitude: 12.4923 };
const home = { latitude: 41.9075, longitude: 12.4955 };
const courierAt = { latitude: 41.9005, longitude: 12.4935 };

describe.skipIf(!hasBrowser)('a local delivery by a collaborator, in Chromium', () => {
  useScreenshots();

  it('the customer orders with shipping, the shop hands it to a collaborator, who picks it up and delivers it with the customer’s code; the customer sees it completed', async () => {
    // A shop that ships, and an approved collaborator delivering in Monti (set up through the API).
    const { owner: shopApi, admin } = await approvedShop(
      journey.site,
      { username: 'forno.consegne', name: 'Rosa Forni', plan: true },
      {
        name: 'Forno di Monti',
        address: 'Via dei Serpenti 10, Roma',
        ...shopAt,
        pickupOnly: false,
        shippingEnabled: true,
        shippingRadius: 5,
        shippingCost: 3,
        minimumOrderForShipping: 0,
        freeShippingThreshold: 100,
      },
    );
    const product = await shopApi('POST', '/api/products', { name: 'Focaccia genovese', price: 6, stockQuantity: 20, category: 'alimentari' });
    await approvedCollaborator(
      journey.site,
      admin,
      { username: 'marco.corriere', name: 'Marco Neri' },
      { address: 'Via Nazionale 50, Roma', ...courierAt, radiusKm: 4, services: ['delivery'], availability: 'Tutti i pomeriggi' },
      { canActivateSessions: false },
    );

    // 1. The customer, on a phone, orders two focacce shipped home.
    const phone = await journey.tab(375);
    const customer = phone.page;
    await logIn(customer, 'cliente', 'vicino-cliente');
    await customer.goto(`/products/${product.id}`);
    await customer.getByLabel('Quantità', { exact: true }).fill('2');
    await customer.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await expect.poll(async () => (await customer.evaluate(async () => (await fetch('/api/cart')).json())).itemCount).toBe(2);
    await customer.goto('/customer/checkout');
    await customer
      .getByRole('region', { name: 'Consegna da Forno di Monti' })
      .getByRole('radio', { name: /^Spedizione a domicilio/ })
      .check();
    await customer.getByRole('combobox', { name: 'Indirizzo di consegna' }).fill('Via Panisperna 200, Roma');
    await customer.getByLabel('Latitudine').fill(String(home.latitude));
    await customer.getByLabel('Longitudine').fill(String(home.longitude));
    await customer.getByLabel('Telefono').fill('+39 333 7654321');
    await customer.getByRole('button', { name: /^Conferma/ }).click();
    await customer.waitForURL((url) => url.pathname === '/customer/checkout/confirmation');
    await customer.getByRole('region', { name: 'Ordine da Forno di Monti' }).getByRole('link', { name: 'Vedi l’ordine' }).click();
    await customer.waitForURL(/\/customer\/orders\/[0-9a-f-]{36}$/);
    const orderPath = new URL(customer.url()).pathname;
    const orderId = orderPath.split('/').at(-1)!;
    const customerSees = () => customer.getByRole('main').textContent();

    // 2. The shop accepts it and hands the delivery to Marco, chosen among those covering shop and address.
    const wide = await journey.tab(1280);
    const shop = wide.page;
    await logIn(shop, 'forno.consegne', 'segreta1');
    await shop.goto(`/shopkeeper/orders/${orderId}`);
    await shop.getByRole('button', { name: 'Accetta', exact: true }).click();
    const delivery = shop.getByRole('region', { name: 'Chi consegna' });
    await delivery.getByRole('button', { name: 'Affida la consegna' }).click();
    const dialog = shop.getByRole('dialog');
    await dialog.getByRole('radio', { name: /Marco Neri/ }).check();
    await dialog.getByLabel('Compenso per il collaboratore').fill('4,50');
    await dialog.getByLabel('Note per il collaboratore (facoltative)').fill('Citofono Romano, secondo piano.');
    await shoot(shop, 'tasks-hand-dialog-1280');
    await dialog.getByRole('button', { name: 'Affida la consegna' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => delivery.getByTestId('delivery-task-step').textContent()).toBe('In attesa che Marco Neri accetti.');

    // 3. Marco, on his phone, finds it among his tasks with the customer and the map, and accepts it.
    const marcoTab = await journey.tab(375);
    const marco = marcoTab.page;
    await logIn(marco, 'marco.corriere', 'segreta1');
    await marco.goto('/collaborator/tasks');
    const card = marco.getByRole('article', { name: `Consegna dell’ordine ${orderId.slice(0, 8).toUpperCase()}` });
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.textContent()).toMatch(/Via Panisperna 200, Roma.*Compenso€ 4,50/s);
    expect(await card.textContent()).toContain('+39 333 7654321');
    await card.getByRole('button', { name: 'Accetta' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Ho ritirato l’ordine' }).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Mostra sulla mappa' }).click();
    await expect.poll(() => card.getByRole('region', { name: 'Mappa del ritiro e della consegna' }).isVisible()).toBe(true);
    await expect.poll(() => card.locator('.leaflet-marker-icon').count()).toBe(2);
    await noSideScroll(marco, 375);
    await shoot(marco, 'tasks-collaborator-375');

    // 4. The customer reads who delivers and by when, and the code to give at the door.
    await customer.reload();
    await expect.poll(() => customer.getByTestId('order-courier').textContent()).toBe('Marco Neri');
    const code = (await customer.getByTestId('delivery-code').textContent())!.trim();
    expect(code).toMatch(/^\d{6}$/);
    await noSideScroll(customer, 375);
    await shoot(customer, 'tasks-customer-order-375');

    // 5. The shop marks it ready (it may not ship it itself now) and sees Marco coming.
    await shop.reload();
    await expect.poll(() => shop.getByRole('button', { name: 'Segna come pronto' }).isVisible()).toBe(true);
    await shop.getByRole('button', { name: 'Segna come pronto' }).click();
    await expect.poll(() => delivery.getByTestId('delivery-task-step').textContent()).toBe('Pronto: Marco Neri passa a ritirarlo.');
    expect(await shop.getByRole('button', { name: 'Spedisci' }).count()).toBe(0);
    await shoot(shop, 'tasks-shop-order-1280');

    // 6. Marco picks it up, then hands it over: a wrong code is refused, the customer's completes it.
    await card.getByRole('button', { name: 'Ho ritirato l’ordine' }).click();
    await expect.poll(() => card.getByRole('button', { name: 'Consegna con il codice' }).isVisible()).toBe(true);
    await expect.poll(customerSees, { timeout: hangAfter(10_000) }).toContain('In consegna');
    await card.getByRole('button', { name: 'Consegna con il codice' }).click();
    const deliver = marco.getByRole('dialog');
    await deliver.getByLabel('Codice di consegna').fill(code === '000000' ? '111111' : '000000');
    await deliver.getByRole('button', { name: 'Conferma consegna' }).click();
    await expect.poll(() => deliver.getByText('Codice di consegna non valido.').isVisible()).toBe(true);
    await shoot(marco, 'tasks-deliver-code-375');
    await deliver.getByLabel('Codice di consegna').fill(code);
    await deliver.getByRole('button', { name: 'Conferma consegna' }).click();
    await expect.poll(() => deliver.isVisible()).toBe(false);
    await expect.poll(() => marco.getByRole('tab', { name: /Concluse/ }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => card.textContent()).toContain('Completata');

    // 7. The customer sees it completed, by Marco, in the order's story.
    await customer.reload();
    await expect.poll(() => customer.getByTestId('order-status').textContent()).toBe('Completato');
    const story = (await customer.getByRole('region', { name: 'Storia dell’ordine' }).textContent())!;
    expect(story).toContain('Ritirato da Marco Neri');
    expect(story).toContain('Consegnato da Marco Neri');
    expect(await customer.getByTestId('delivery-code').count()).toBe(0);
    await noSideScroll(customer, 375);
    await shoot(customer, 'tasks-customer-completed-375');

    // 8. Marco's dashboard counts it; the pages at the other width.
    await marco.goto('/dashboard/collaborator');
    await expect.poll(() => marco.getByTestId('stat-Attività totali').textContent()).toBe('1');
    expect(await marco.getByTestId('stat-Completate').textContent()).toBe('1');
    await noSideScroll(marco, 375);
    await shoot(marco, 'tasks-dashboard-375');
    const marcoWide = await journey.tab(1280);
    await logIn(marcoWide.page, 'marco.corriere', 'segreta1');
    await marcoWide.page.goto('/collaborator/tasks');
    await marcoWide.page.getByRole('tab', { name: /Concluse/ }).click();
    await expect.poll(() => marcoWide.page.getByRole('article').count()).toBe(1);
    await marcoWide.page.getByRole('button', { name: 'Mostra sulla mappa' }).click();
    await expect.poll(() => marcoWide.page.locator('.leaflet-marker-icon').count()).toBe(2);
    await shoot(marcoWide.page, 'tasks-collaborator-1280');
    await shop.reload();
    await expect.poll(() => delivery.getByTestId('delivery-task-step').textContent()).toMatch(/^Consegnata da Marco Neri/);
    const phoneShop = await journey.tab(375);
    await logIn(phoneShop.page, 'forno.consegne', 'segreta1');
    await phoneShop.page.goto(`/shopkeeper/orders/${orderId}`);
    await expect.poll(() => phoneShop.page.getByTestId('delivery-task-step').isVisible()).toBe(true);
    await noSideScroll(phoneShop.page, 375);
    await shoot(phoneShop.page, 'tasks-shop-order-375');
    const customerWide = await journey.tab(1280);
    await logIn(customerWide.page, 'cliente', 'vicino-cliente');
    await customerWide.page.goto(orderPath);
    await expect.poll(() => customerWide.page.getByTestId('order-courier').textContent()).toBe('Marco Neri');
    await shoot(customerWide.page, 'tasks-customer-completed-1280');
  });
});
