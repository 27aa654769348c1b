import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { readModelsCaughtUp } from '../../../tests/support/caught-up.js';
import { activeWork } from '../../../tests/support/collaboration.js';
import { checkout, fillCart, loggedIn, pickupSoon, useLoggedIn } from '../../../tests/support/marketplace.js';
import { tablesHolding as tablesOf } from '../../../tests/support/read-models.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { addDays, romeDate } from '../reservations/reservation.js';
import { tablesNotExported, type PersonalDataExport } from './export.js';

/*
 * Issue [21], the right of access and to portability (GDPR artt. 15 and 20): a customer with an
 * order, a reservation, a review, a dispute, a message to Vicino, a favourite shop and a cart; the
 * shop's owner and a collaborator at work there. Each downloads their data, and the test proves the
 * export covers every module that stores personal data: every table of the database that names the
 * person is read by some module's section (or is said not to be, and why), and every word the
 * database holds about them is in their file; none of another person's.
 */

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

const theirs = {
  name: 'Ottavia Brunacci',
  email: 'ottavia.brunacci@esempio.it',
  phone: '+39 347 5550199',
  note: 'Citofono Lavandula <b>2</b>',
  review: 'Torta soffice, firmato Ottavia',
  dispute: 'Brunacci: la scatola era aperta',
  reservation: 'Passo dopo le 18 (Brunacci)',
};

const tablesHolding = (words: readonly string[]) => tablesOf(t.system.pool, words);

/** The tables some module's export section reads, and those said not to be exported. */
const exported = () => new Set([...t.app.catalog.personalExport.flatMap((section) => section.tables), ...Object.keys(tablesNotExported)]);

async function exportOf(browser: Browser, url = '/api/user/privacy/export/json'): Promise<PersonalDataExport> {
  const response = await browser.get(url);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('application/json');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="vicino-dati-[a-z0-9._-]+-\d{4}-\d{2}-\d{2}\.json"$/);
  return JSON.parse(response.body) as PersonalDataExport;
}

/** Each section's columns are fields of its rows (the summary shows what the file holds). */
function expectColumnsInRows(file: PersonalDataExport) {
  for (const section of t.app.catalog.personalExport) {
    const rows = file.sections[section.key]?.rows;
    expect(rows, section.key).toBeDefined();
    for (const row of rows!) for (const [field] of section.columns) expect(Object.keys(row), `${section.key}.${field}`).toContain(field);
  }
}

describe('a person’s export (GDPR artt. 15 and 20)', () => {
  it(
    'covers every module that stores personal data, for a customer, a shop’s owner and a collaborator, and holds no one else’s',
    async () => {
      const work = await activeWork(t, admin);
      const { shop, c: collaborator } = work;
      const productId = shop.productIds[0]!;
      const customer = await loggedIn(t, 'customer', { username: 'ottavia.b', name: theirs.name, email: theirs.email });

      // The customer's order, picked up and paid cash, with a note; its review and a dispute.
      await fillCart(customer.browser, [[productId, 1]]);
      const placed = await checkout(customer, [{ storeId: shop.store.id, deliveryType: 'pickup', pickupTime: pickupSoon(), notes: theirs.note }], randomUUID(), {
        customerName: theirs.name,
        customerPhone: theirs.phone,
        customerEmail: theirs.email,
        paymentMethod: 'cash',
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json().orders[0] as { id: string; pickupCode: string };
      for (const move of ['accept', 'ready']) expect((await shop.owner.browser.post(`/api/orders/${order.id}/${move}`)).statusCode).toBe(200);
      expect((await shop.owner.browser.post(`/api/orders/${order.id}/complete`, { pickupCode: order.pickupCode })).statusCode).toBe(200);
      expect((await customer.browser.post(`/api/reviews/orders/${order.id}`, { overallRating: 5, comment: theirs.review })).statusCode).toBe(201);
      const dispute = await customer.browser.post('/api/disputes', { orderId: order.id, reason: 'damaged', description: theirs.dispute, urgency: 'normal' });
      expect(dispute.statusCode, dispute.body).toBe(201);
      // A reservation, a favourite shop, a cart, a message to Vicino, a choice of notices.
      const reserved = await customer.browser.post('/api/reservations', {
        productId,
        quantity: 1,
        reservationDate: addDays(romeDate(new Date()), 1),
        customerName: theirs.name,
        customerPhone: theirs.phone,
        customerEmail: theirs.email,
        notes: theirs.reservation,
      });
      expect(reserved.statusCode, reserved.body).toBe(201);
      expect((await customer.browser.post('/api/favorites', { storeId: shop.store.id })).statusCode).toBe(201);
      await fillCart(customer.browser, [[productId, 2]]);
      const contact = await new Browser(t.app).post('/api/contact', {
        name: theirs.name,
        email: theirs.email,
        subject: 'Orari',
        message: `Sono ${theirs.name}: aprite la domenica?`,
      });
      expect(contact.statusCode, contact.body).toBe(201);
      expect(await readModelsCaughtUp(t.system)).toBe(true);

      const file = await exportOf(customer.browser);
      expect(file.person).toEqual({ id: customer.id, username: 'ottavia.b', name: theirs.name, role: 'customer' });
      const text = JSON.stringify(file);
      for (const word of Object.values(theirs)) expect(text, word).toContain(JSON.stringify(word).slice(1, -1));
      for (const key of ['account', 'logins', 'orders', 'reservations', 'favorites', 'cart', 'reviewsWritten', 'cases', 'contactMessages', 'emails', 'accountHistory']) {
        expect(file.sections[key]!.rows.length, key).toBeGreaterThan(0);
      }
      expect(file.sections.orders!.rows[0]).toMatchObject({ id: order.id, customerPhone: theirs.phone, notes: theirs.note, items: [expect.objectContaining({ quantity: 1 })] });
      expectColumnsInRows(file);

      // Every table that holds the customer's id or words is read by some module's section.
      const covered = exported();
      const holding = await tablesHolding([customer.id, theirs.email, theirs.phone, 'brunacci']);
      expect(Object.keys(holding).filter((table) => !covered.has(table))).toEqual([]);
      expect(Object.keys(holding)).toEqual(
        expect.arrayContaining(['users', 'orders', 'product_reservations', 'reviews', 'complaints', 'contact_submissions', 'cart_items', 'favorites']),
      );

      // The shop's owner and the collaborator: their shop, plan, payments, credits, assignment, session.
      for (const [person, keys] of [
        [
          shop.owner,
          ['account', 'shops', 'products', 'ordersReceived', 'reservationsReceived', 'payments', 'collaborationRequests', 'unlocks', 'assignments', 'workSessions', 'credits'],
        ],
        [collaborator, ['account', 'collaboratorProfile', 'collaborationRequests', 'assignments', 'workSessions']],
      ] as const) {
        const theirFile = await exportOf(person.browser);
        for (const key of keys) expect(theirFile.sections[key]!.rows.length, `${person.username}: ${key}`).toBeGreaterThan(0);
        expectColumnsInRows(theirFile);
        const words = (await t.system.pool.query<{ name: string; email: string }>('SELECT name, email FROM users WHERE id = $1', [person.id])).rows[0]!;
        const found = await tablesHolding([person.id, words.email]);
        expect(Object.keys(found).filter((table) => !covered.has(table))).toEqual([]);
        // What a shop's owner has of the customers' orders and reservations is the shop's, not the customer's data.
        expect(JSON.stringify([theirFile.sections.ordersReceived, theirFile.sections.reservationsReceived])).not.toMatch(/brunacci|5550199|lavandula/i);
      }
      // The collaborator's session: where it was opened from, and what was done in it.
      const session = (await exportOf(collaborator.browser)).sections.workSessions!.rows.find((row) => row.id === work.session.id);
      expect(session).toMatchObject({ status: 'active', ipAddress: expect.any(String) });
    },
    hangAfter(120_000),
  );

  it(
    'as a readable summary and by the admin on request; each export noted in the account’s history; never another person’s',
    async () => {
      const customer = await loggedIn(t, 'customer', { name: 'Nives <i>Corradi</i>' });
      const html = await customer.browser.get('/api/user/privacy/export/html');
      expect(html.statusCode, html.body).toBe(200);
      expect(html.headers['content-type']).toContain('text/html');
      expect(html.headers['cache-control']).toBe('private, no-store');
      expect(html.body).toContain('<html lang="it">');
      expect(html.body).toContain('I tuoi dati su Vicino');
      expect(html.body).toContain('Nives &lt;i&gt;Corradi&lt;/i&gt;');
      expect(html.body).not.toContain('<i>Corradi');
      expect(html.body).toMatch(/Nessun dato<\/h2><p>Vicino non conserva nulla su di te in: .*Ordini/);

      const bad = await customer.browser.get('/api/user/privacy/export/pdf');
      expect([bad.statusCode, bad.json().errors.format]).toEqual([400, 'Formato: json o html.']);
      expect((await new Browser(t.app).get('/api/user/privacy/export/json')).statusCode).toBe(401);
      expect((await customer.browser.get(`/api/admin/users/${customer.id}/export/json`)).statusCode).toBe(403);
      expect((await admin.browser.get(`/api/admin/users/${randomUUID()}/export/json`)).statusCode).toBe(404);

      const byAdmin = await exportOf(admin.browser, `/api/admin/users/${customer.id}/export/json`);
      expect(byAdmin.person.id).toBe(customer.id);
      expect(JSON.stringify(byAdmin)).not.toContain(admin.id);
      // The account's history says who exported it and which file: the person's own html, then the admin's json.
      const history = byAdmin.sections.accountHistory!.rows.map((row) => [row.type, row.description]);
      expect(history).toEqual([
        ['UserRegistered', expect.stringContaining('Nuovo account')],
        ['UserDataExported', 'Dati personali esportati dalla persona (riepilogo leggibile).'],
      ]);
      const audit = (await admin.browser.get(`/api/admin/history/user/${customer.id}`)).json<{ italianName: string; changes: unknown; actor: { userId: string } | null }[]>();
      expect(audit.slice(1).map((e) => [e.italianName, e.changes, e.actor?.userId])).toEqual([
        ['Dati personali esportati', { by: 'self', format: 'html' }, customer.id],
        ['Dati personali esportati', { by: 'admin', format: 'json' }, admin.id],
      ]);
    },
    hangAfter(60_000),
  );
});
