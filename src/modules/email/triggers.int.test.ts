import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/app.js';
import { loggedIn, openShop, useLoggedIn } from '../../../tests/support/marketplace.js';
import { useSmtpPeer } from '../../../tests/support/smtp-peer.js';
import { expireDueReservations } from '../reservations/expiry-process.js';
import { addDays, reservationDeadline, romeDate } from '../reservations/reservation.js';
import { siteUrl } from './links.js';

// The peer first, so that it is closed after the app that sends to it.
const peer = useSmtpPeer();
const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

beforeAll(async () => {
  const res = await admin.browser.request('PUT', '/api/admin/email-settings/current', { isEnabled: true, host: '127.0.0.1', port: peer.port, fromAddress: 'ciao@vicino.test' });
  expect(res.statusCode, res.body).toBe(200);
});

const withSubject = (address: string, start: string) => peer.until((mails) => mails.find((m) => m.subject?.startsWith(start) && JSON.stringify(m.to).includes(address)));

describe('the mails of accounts, reservations and shops', () => {
  it('tell whoever changes their password, with a link to log in', async () => {
    const user = await loggedIn(t, 'customer', { name: 'Anna Verdi' });
    const res = await user.browser.post('/api/user/password', { currentPassword: 'password1', newPassword: 'nuova-password-2' });
    expect(res.statusCode, res.body).toBe(204);
    const mail = await withSubject(`${user.username}@esempio.it`, 'La tua password di Vicino');
    expect(mail.text).toContain(`la password del tuo account Vicino (nome utente ${user.username}) è stata cambiata il `);
    expect(mail.text).toContain('Se non sei stato tu, rispondi subito a questa e-mail');
    expect(mail.text).toContain(`Accedi a Vicino: ${siteUrl}/auth`);
    expect(mail.html).toContain(`href="${siteUrl}/auth"`);
    // Never the password's hash, which the event carries.
    expect(mail.text).not.toMatch(/scrypt|\$/);
  });

  it('tell the customer when the shop confirms a reservation, when it is ready, and when it expired uncollected', async () => {
    const shop = await openShop(t, admin.browser, { name: 'Forno Aurora', products: [{ name: 'Torta della nonna', price: 18, stockQuantity: 3 }] });
    const customer = await loggedIn(t, 'customer');
    const email = `prenota-${randomUUID().slice(0, 6)}@esempio.it`;
    const reserve = () =>
      customer.browser.post('/api/reservations', {
        productId: shop.productIds[0],
        quantity: 1,
        reservationDate: addDays(romeDate(new Date()), 1),
        preferredPickupTime: '17:30',
        customerName: 'Giulia Bianchi',
        customerPhone: '+39 333 1234567',
        customerEmail: email,
      });
    const first = (await reserve()).json();
    expect((await shop.owner.browser.post(`/api/reservations/${first.id}/confirm`, { shopkeeperNotes: 'La trovi al banco' })).statusCode).toBe(200);
    const confirmed = await withSubject(email, 'Prenotazione confermata');
    expect(confirmed.subject).toBe('Prenotazione confermata da Forno Aurora: Torta della nonna');
    expect(confirmed.text).toContain('Forno Aurora ha confermato la tua prenotazione: 1 × Torta della nonna, da ritirare ');
    expect(confirmed.text).toContain('verso le 17:30');
    expect(confirmed.text).toContain('Nota del negozio: La trovi al banco');
    expect(confirmed.text).toContain(`Le mie prenotazioni: ${siteUrl}/customer/reservations`);
    expect(confirmed.html).toContain(`href="${siteUrl}/customer/reservations"`);

    expect((await shop.owner.browser.post(`/api/reservations/${first.id}/ready`)).statusCode).toBe(200);
    const ready = await withSubject(email, 'La tua prenotazione da Forno Aurora è pronta');
    expect(ready.text).toContain('è pronta per il ritiro: 1 × Torta della nonna');

    const second = (await reserve()).json();
    expect((await shop.owner.browser.post(`/api/reservations/${second.id}/confirm`, {})).statusCode).toBe(200);
    const report = await expireDueReservations(t.system, new Date(reservationDeadline(second.reservationDate).getTime() + 60_000));
    expect(report.expired).toBe(2);
    const expired = await peer.until((mails) => {
      const found = mails.filter((m) => m.subject === 'La tua prenotazione da Forno Aurora è scaduta' && JSON.stringify(m.to).includes(email));
      return found.length === 2 ? found : undefined;
    });
    expect(expired[0]!.text).toContain('è scaduta perché non è stata ritirata entro quel giorno');
    expect(expired[0]!.text).toContain(`puoi prenotarli di nuovo: ${siteUrl}/search`);
    // A reservation the customer cancels sends no such mail.
    const third = (await reserve()).json();
    expect((await customer.browser.post(`/api/reservations/${third.id}/cancel`, {})).statusCode).toBe(200);
    const { rows } = await t.system.pool.query("SELECT count(*)::int AS n FROM email_queue WHERE template_name = 'prenotazione-scaduta' AND to_email = $1", [email]);
    expect(rows[0].n).toBe(2);
  });

  it('tell the shop’s owner when the admin approves the shop, and when it suspends it, with the reason', async () => {
    const shop = await openShop(t, admin.browser, { name: 'Bottega Sole' });
    const address = `${shop.owner.username}@esempio.it`;
    const approved = await withSubject(address, 'Il tuo negozio Bottega Sole è online');
    expect(approved.text).toContain('abbiamo approvato Bottega Sole');
    expect(approved.text).toContain(`Gestisci il negozio: ${siteUrl}/shopkeeper/store`);

    const res = await admin.browser.post(`/api/admin/stores/${shop.store.id}/suspend`, { reason: 'Documenti da aggiornare' });
    expect(res.statusCode, res.body).toBe(200);
    const suspended = await withSubject(address, 'Il tuo negozio Bottega Sole è stato sospeso');
    expect(suspended.text).toContain('Motivo: Documenti da aggiornare');
    expect(suspended.html).toContain('Motivo: Documenti da aggiornare');
  });
});
