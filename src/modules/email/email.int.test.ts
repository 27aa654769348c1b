import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp, Browser } from '../../../tests/support/app.js';
import { checkoutForPickup, customerDetails, loggedIn, openShop, useLoggedIn } from '../../../tests/support/marketplace.js';
import { useSmtpPeer } from '../../../tests/support/smtp-peer.js';
import { exportEvents } from '../../platform/eventstore/export.js';
import { emailTriggersProjection } from './triggers.js';

// The peer first, so that it is closed after the app that sends to it.
const peer = useSmtpPeer();
const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

const sendToPeer = () =>
  admin.browser.request('PUT', '/api/admin/email-settings/current', {
    isEnabled: true,
    host: '127.0.0.1',
    port: peer.port,
    user: '',
    fromName: 'Vicino',
    fromAddress: 'ciao@vicino.test',
  });

describe('the admin’s e-mail settings', () => {
  it('start from the spec’s defaults, with sending off and the reason the mails wait', async () => {
    const res = await admin.browser.get('/api/admin/email-settings/current');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: 'current',
      provider: 'smtp',
      port: 587,
      maxEmailsPerHour: 100,
      isEnabled: false,
      passwordSet: false,
      notSending: expect.stringContaining('disattivato'),
    });
  });

  it('refuse to switch sending on without a server, in Italian, naming the field', async () => {
    const res = await admin.browser.request('PUT', '/api/admin/email-settings/current', { isEnabled: true, fromAddress: 'ciao@vicino.test' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.host).toMatch(/server SMTP/);
  });

  it('keep the password, but never show it whole, in the answer or the history', async () => {
    const password = 'parola-segreta-smtp-2026';
    const res = await admin.browser.request('PUT', '/api/admin/email-settings/current', { password, user: 'vicino' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ passwordSet: true, user: 'vicino' });
    expect(res.body).not.toContain(password);
    // Sent back masked, as a form does, it stays the same.
    const again = await admin.browser.request('PUT', '/api/admin/email-settings/current', { password: res.json().password, user: '' });
    expect(again.json().passwordSet).toBe(true);
    const lines: string[] = [];
    expect(await exportEvents(t.system.store, { types: ['EmailSettingsUpdated'] }, (line) => void lines.push(line))).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(password);
    const history = await admin.browser.get('/api/admin/history/email-settings/current');
    expect(history.statusCode, history.body).toBe(200);
    expect(history.body).toContain('[riservato]');
    expect(history.body).not.toContain(password);
    const cleared = await admin.browser.request('PUT', '/api/admin/email-settings/current', { clearPassword: true });
    expect(cleared.json()).toMatchObject({ passwordSet: false, password: null });
  });

  it('are the admin’s only', async () => {
    const customer = (await loggedIn(t, 'customer')).browser;
    expect((await customer.get('/api/admin/email-settings/current')).statusCode).toBe(403);
    expect((await new Browser(t.app).get('/api/admin/email-queue')).statusCode).toBe(401);
  });
});

describe('the e-mail templates', () => {
  it('are seeded in Italian for the messages the product sends', async () => {
    const res = await admin.browser.get('/api/admin/email-templates?sort=["name","ASC"]&range=[0,49]');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toMatch(/^email-templates 0-\d+\/\d+$/);
    expect(res.json().map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['benvenuto', 'ordine-ricevuto-cliente', 'ordine-ricevuto-negozio', 'ordine-stato-cambiato']),
    );
  });

  it('are created, changed and deleted by the admin.browser, each name once', async () => {
    const body = { name: `promo-${randomUUID().slice(0, 6)}`, subject: 'Offerte da {{storeName}}', htmlContent: '<p>Ciao</p>', textContent: 'Ciao', templateType: 'marketing' };
    const created = await admin.browser.post('/api/admin/email-templates', body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ...body, isActive: true });
    const twin = await admin.browser.post('/api/admin/email-templates', { ...body, name: body.name.toUpperCase().toLowerCase() });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().errors.name).toContain('Esiste già');
    const changed = await admin.browser.request('PUT', `/api/admin/email-templates/${created.json().id}`, { ...created.json<object>(), subject: 'Novità da {{storeName}}' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().subject).toBe('Novità da {{storeName}}');
    const deleted = await admin.browser.request('DELETE', `/api/admin/email-templates/${created.json().id}`);
    expect(deleted.json().subject).toBe('Novità da {{storeName}}');
    expect((await admin.browser.get(`/api/admin/email-templates/${created.json().id}`)).statusCode).toBe(404);
    // Its name is free again.
    expect((await admin.browser.post('/api/admin/email-templates', body)).statusCode).toBe(201);
  });

  it('change only the fields sent: switching one off leaves its type as it was', async () => {
    const [welcome] = (await admin.browser.get(`/api/admin/email-templates?filter=${encodeURIComponent('{"templateType":"system"}')}`)).json();
    const res = await admin.browser.request('PUT', `/api/admin/email-templates/${welcome.id}`, { isActive: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: welcome.name, isActive: false, templateType: 'system', subject: welcome.subject });
    expect((await admin.browser.request('PUT', `/api/admin/email-templates/${welcome.id}`, { subject: welcome.subject })).json().isActive).toBe(false);
    await admin.browser.request('PUT', `/api/admin/email-templates/${welcome.id}`, { isActive: true });
  });

  it('refuse a template without a subject, in Italian', async () => {
    const res = await admin.browser.post('/api/admin/email-templates', { name: 'vuoto', subject: '', htmlContent: '<p>x</p>', textContent: 'x' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Oggetto');
  });
});

describe('the mails the events send', () => {
  it('welcome whoever registers, in Italian, once, and the admin sees it sent and logged', async () => {
    expect((await sendToPeer()).statusCode).toBe(200);
    const username = `mario-${randomUUID().slice(0, 6)}`;
    const email = `${username}@esempio.it`;
    const res = await new Browser(t.app).post('/api/register', { username, name: 'Mario <Rossi>', email, password: 'password1', role: 'customer' });
    expect(res.statusCode, res.body).toBe(201);

    const mail = await peer.mailTo(email);
    expect(mail.subject).toBe('Benvenuto su Vicino, Mario <Rossi>!');
    expect(mail.from?.value).toEqual([{ name: 'Vicino', address: 'ciao@vicino.test' }]);
    expect(mail.text).toContain('Ciao Mario <Rossi>,');
    expect(mail.text).toContain(`con il nome utente ${username}`);
    expect(mail.html).toContain('Ciao Mario &lt;Rossi&gt;,');
    expect(mail.html).toContain('Inizia a esplorare');

    // The server has it; the sender notes it just after.
    const queue = await vi.waitFor(async () => {
      const res = await admin.browser.get(`/api/admin/email-queue?filter=${encodeURIComponent(JSON.stringify({ toEmail: email }))}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([expect.objectContaining({ status: 'sent', templateName: 'benvenuto', messageId: mail.messageId, priority: 5, retryCount: 0, maxRetries: 3 })]);
      return res;
    });
    const logs = await admin.browser.get(`/api/admin/email-logs?filter=${encodeURIComponent(JSON.stringify({ emailId: queue.json()[0].id }))}`);
    expect(logs.json()).toEqual([expect.objectContaining({ status: 'sent', toEmail: email })]);
    expect(peer.received.filter((m) => m.subject?.startsWith('Benvenuto') && m.to && JSON.stringify(m.to).includes(email))).toHaveLength(1);
  });

  it('queue an event’s mail once, however often the trigger reads the event', async () => {
    const events = await t.system.store.readAll({ maxCount: 10_000 });
    const registered = events.filter((e) => e.type === 'UserRegistered').at(-1)!;
    const triggers = emailTriggersProjection;
    const client = await t.system.pool.connect();
    try {
      await triggers.apply([registered], client);
      await triggers.apply([registered], client);
    } finally {
      client.release();
    }
    const { rows } = await t.system.pool.query('SELECT count(*)::int AS n FROM email_queue WHERE source_event_id = $1', [registered.id]);
    expect(rows[0].n).toBe(1);
  });

  it('tell the customer and the shop of a new order, and the customer when it is ready, with the pickup code', async () => {
    expect((await sendToPeer()).statusCode).toBe(200);
    const shop = await openShop(t, admin.browser, { name: 'Forno Aurora', products: [{ name: 'Pane casereccio', price: 3 }] });
    const customer = (await loggedIn(t, 'customer')).browser;
    expect((await customer.post('/api/cart/items', { productId: shop.productIds[0], quantity: 2 })).statusCode).toBe(201);
    const placed = await checkoutForPickup(customer, shop.store.id);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().orders[0];

    const toCustomer = await peer.mailTo(customerDetails.customerEmail);
    expect(toCustomer.subject).toBe(`Ordine ${order.id.slice(0, 8).toUpperCase()} inviato a Forno Aurora`);
    expect(toCustomer.text).toContain('per un totale di € 6,00');
    expect(toCustomer.text).toContain(`Al ritiro mostra questo codice: ${order.pickupCode}`);
    const ownerAddress = `${shop.owner.username}@esempio.it`;
    const toShop = await peer.until((mails) => mails.find((m) => m.subject?.startsWith('Nuovo ordine') && JSON.stringify(m.to).includes(ownerAddress)));
    expect(toShop.subject).toBe(`Nuovo ordine ${order.id.slice(0, 8).toUpperCase()} per Forno Aurora`);
    expect(toShop.text).toContain('da Giulia Bianchi');
    expect(toShop.text).toContain('ritiro in negozio');

    expect((await shop.owner.browser.post(`/api/orders/${order.id}/accept`)).statusCode).toBe(200);
    expect((await shop.owner.browser.post(`/api/orders/${order.id}/ready`)).statusCode).toBe(200);
    const ready = await peer.until((mails) => mails.find((m) => m.subject?.endsWith(': Pronto')));
    expect(ready.text).toContain('ora è: Pronto');
    expect(ready.text).toContain(`Al ritiro mostra questo codice: ${order.pickupCode}`);
  });
});
