import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp, Browser } from '../../../tests/support/app.js';
import { loggedIn, useLoggedIn } from '../../../tests/support/marketplace.js';
import { useSmtpPeer } from '../../../tests/support/smtp-peer.js';
import { siteUrl } from './links.js';
import { enqueueEmail } from './queue.js';
import { unsubscribedReason } from './sender.js';

// The peer first, so that it is closed after the app that sends to it.
const peer = useSmtpPeer();
const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

beforeAll(async () => {
  expect((await settings({ isEnabled: true, host: '127.0.0.1', port: peer.port, fromAddress: 'ciao@vicino.test' })).statusCode).toBe(200);
  for (const [name, templateType] of [
    ['offerte', 'marketing'],
    ['avviso', 'transactional'],
  ]) {
    const res = await admin.browser.post('/api/admin/email-templates', {
      name,
      templateType,
      subject: `${name} {{n}}`,
      htmlContent: '<html><body><p>Ciao, ecco le <a href="https://esempio.it/offerta?a=1&amp;b=2">offerte</a> {{n}}</p></body></html>',
      textContent: 'Ciao, ecco le offerte {{n}}: https://esempio.it/offerta?a=1&b=2',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});

const settings = (changes: Record<string, unknown>) => admin.browser.request('PUT', '/api/admin/email-settings/current', changes);

/** Queues a mail of `template` to `to` (as a trigger or the admin would) and waits for it at the peer. */
async function mailed(template: string, to: string, userId: string | null = null): Promise<{ id: string; mail: ParsedMail }> {
  const n = randomUUID().slice(0, 8);
  const id = await enqueueEmail(t.system.pool, { template, to: { email: to }, data: { n }, scheduledAt: new Date(), userId });
  const mail = await peer.until((mails) => mails.find((m) => m.subject === `${template} ${n}`));
  return { id: id!, mail };
}

const header = (mail: ParsedMail, name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');
const path = (url: string) => url.slice(siteUrl.length);
const queued = async (id: string) => (await admin.browser.get(`/api/admin/email-queue/${id}`)).json();
const logsOf = async (id: string) =>
  (await admin.browser.get(`/api/admin/email-logs?filter=${encodeURIComponent(JSON.stringify({ emailId: id }))}`)).json<
    { status: string; statusDetails: string; clickedLinks: string[] | null }[]
  >();

describe('unsubscribing from the marketing mails', () => {
  it('a marketing mail carries a signed link and the List-Unsubscribe headers; the link asks, the button unsubscribes, later marketing is cancelled and the rest still goes', async () => {
    const address = `lettore-${randomUUID().slice(0, 6)}@esempio.it`;
    const { mail } = await mailed('offerte', address);
    const link = mail.text!.match(/Annulla l’iscrizione: (\S+)/)![1]!;
    expect(link.startsWith(`${siteUrl}/api/email/unsubscribe/`)).toBe(true);
    expect(mail.html).toContain(`<a href="${link}" style="color:#777">Annulla l’iscrizione</a>`);
    expect(header(mail, 'list-unsubscribe')).toBe(`<${link}>`);
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Opening the link (as a mail scanner does) only asks.
    const asked = await new Browser(t.app).get(path(link));
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toContain('text/html');
    expect(asked.body).toContain('Annulli l’iscrizione?');
    expect(asked.body).toContain(address);
    expect((await mailed('offerte', address)).mail.subject).toMatch(/^offerte /);

    const done = await t.app.inject({ method: 'POST', url: path(link), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('Iscrizione annullata');
    expect(done.body).toContain('Continuerai a ricevere le e-mail sui tuoi ordini');
    expect((await new Browser(t.app).get(path(link))).body).toContain('Iscrizione già annullata');

    const later = await enqueueEmail(t.system.pool, { template: 'offerte', to: { email: address.toUpperCase() }, data: { n: 'dopo' }, scheduledAt: new Date() });
    const { mail: transactional } = await mailed('avviso', address);
    expect(transactional.text).not.toContain('Annulla l’iscrizione');
    expect(header(transactional, 'list-unsubscribe')).toBeUndefined();
    await vi.waitFor(async () => expect(await queued(later!)).toMatchObject({ status: 'cancelled', failureReason: unsubscribedReason }));
    expect(peer.received.some((m) => m.subject === 'offerte dopo')).toBe(false);
  });

  it('takes a mail client’s one-click POST, and refuses a link whose address or signature was changed', async () => {
    const address = `unclic-${randomUUID().slice(0, 6)}@esempio.it`;
    const { mail } = await mailed('offerte', address);
    const link = header(mail, 'list-unsubscribe')!.slice(1, -1);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: path(link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const { rows } = await t.system.pool.query('SELECT 1 FROM email_unsubscribes WHERE email = $1', [address]);
    expect(rows).toHaveLength(1);

    const [encoded, signature] = link.split('/').at(-1)!.split('.');
    const forged = `${Buffer.from('altro@esempio.it').toString('base64url')}.${signature}`;
    for (const token of [forged, `${encoded}.${signature!.slice(0, -2)}xx`, 'nulla']) {
      const res = await new Browser(t.app).post(`/api/email/unsubscribe/${token}`, {});
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Collegamento non valido');
    }
    expect((await t.system.pool.query("SELECT 1 FROM email_unsubscribes WHERE email = 'altro@esempio.it'")).rows).toHaveLength(0);
  });
});

describe('open and click tracking', () => {
  it('is off unless the admin switches it on: no pixel, the links as written', async () => {
    const { mail } = await mailed('avviso', `semplice-${randomUUID().slice(0, 6)}@esempio.it`);
    expect(mail.html).toContain('href="https://esempio.it/offerta?a=1&amp;b=2"');
    expect(mail.html).not.toContain('/api/email/open/');
  });

  it('logs the first open once, and each click, sending the reader only to the link the mail had', async () => {
    expect((await settings({ trackOpens: true, trackClicks: true })).json()).toMatchObject({ trackOpens: true, trackClicks: true });
    try {
      // Measured only for a reader who consented (privacy's consents, issue [21]): not for one who did not.
      const unasked = await mailed('avviso', `non-tracciato-${randomUUID().slice(0, 6)}@esempio.it`);
      expect(String(unasked.mail.html)).not.toContain('/api/email/open/');
      expect(String(unasked.mail.html)).toContain('href="https://esempio.it/offerta');
      const reader = await loggedIn(t, 'customer');
      expect((await reader.browser.request('PUT', '/api/user/consents/email-tracking', { granted: true })).statusCode).toBe(200);
      const { id, mail } = await mailed('avviso', `${reader.username}@esempio.it`, reader.id);
      const pixel = String(mail.html).match(/<img src="([^"]+)" width="1" height="1"/)![1]!;
      expect(pixel.startsWith(`${siteUrl}/api/email/open/`)).toBe(true);
      const href = String(mail.html)
        .match(/<a href="([^"]+)">offerte<\/a>/)![1]!
        .replace(/&amp;/g, '&');
      expect(href.startsWith(`${siteUrl}/api/email/click/`)).toBe(true);
      // The plain text keeps the link as written.
      expect(mail.text).toContain('https://esempio.it/offerta?a=1&b=2');

      const opener = new Browser(t.app);
      for (let i = 0; i < 2; i++) {
        const image = await opener.get(path(pixel));
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/gif');
        expect(image.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
      }
      expect((await logsOf(id)).filter((l) => l.status === 'opened')).toHaveLength(1);

      const click = await opener.get(path(href));
      expect(click.statusCode).toBe(302);
      expect(click.headers.location).toBe('https://esempio.it/offerta?a=1&b=2');
      const logs = await logsOf(id);
      expect(logs.filter((l) => l.status === 'opened')).toHaveLength(1);
      expect(logs.find((l) => l.status === 'clicked')).toMatchObject({
        statusDetails: 'Clic su https://esempio.it/offerta?a=1&b=2',
        clickedLinks: ['https://esempio.it/offerta?a=1&b=2'],
      });

      // The same token with another destination is no redirect: never an open redirect.
      const token = path(href).split('?')[0]!;
      const elsewhere = await opener.get(`${token}?url=${encodeURIComponent('https://altrove.example/')}`);
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.headers.location).toBeUndefined();
      expect(elsewhere.json().message).toContain('Collegamento non valido');
      // A pixel of a made-up mail is still an image, and logs nothing.
      const madeUp = await opener.get(`/api/email/open/${randomUUID()}.AAAA`);
      expect(madeUp.headers['content-type']).toBe('image/gif');
    } finally {
      await settings({ trackOpens: false, trackClicks: false });
    }
  });
});
