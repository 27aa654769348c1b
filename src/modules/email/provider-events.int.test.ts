import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startTestApp, type TestApp } from '../../../tests/support/app.js';
import { loggedIn } from '../../../tests/support/marketplace.js';
import { sendgridEmailIdArg, sendgridSignatureHeader, sendgridTimestampHeader } from './provider-events.js';
import { enqueueEmail } from './queue.js';

let t: TestApp;
let admin: Browser;
/** SendGrid's key pair as its Signed Event Webhook has one: the admin pastes the public half. */
const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const verificationKey = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');

beforeAll(async () => {
  t = await startTestApp();
  admin = (await loggedIn(t, 'admin')).browser;
});
afterAll(() => t.close());

/** Posts `events` as SendGrid does: the body signed with `key` over the timestamp and the body's bytes. */
function post(events: unknown, { key = privateKey, body = Buffer.from(JSON.stringify(events)) } = {}) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign('sha256', Buffer.concat([Buffer.from(timestamp), body]), key).toString('base64');
  return t.app.inject({
    method: 'POST',
    url: '/api/email/events/sendgrid',
    headers: { 'content-type': 'application/json', [sendgridSignatureHeader]: signature, [sendgridTimestampHeader]: timestamp },
    payload: body,
  });
}

const logsOf = async (id: string) =>
  (await admin.get(`/api/admin/email-logs?filter=${encodeURIComponent(JSON.stringify({ emailId: id }))}`))
    .json<{ status: string; statusDetails: string; clickedLinks: string[] | null }[]>()
    .map(({ status, statusDetails, clickedLinks }) => ({ status, statusDetails, clickedLinks }))
    .sort((a, b) => a.status.localeCompare(b.status));

const queue = async (to: string) =>
  (await enqueueEmail(t.system.pool, { template: 'benvenuto', to: { email: to }, data: { name: 'Giulia', username: 'giulia' }, scheduledAt: new Date() }))!;

describe('SendGrid’s Event Webhook', () => {
  it('is refused until the admin gives the verification key', async () => {
    const res = await post([]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Eventi di SendGrid non attivi: manca la chiave di verifica nelle impostazioni delle e-mail.');
  });

  it('logs what became of each mail once, however often SendGrid posts it, and a spam report stops the marketing to that address', async () => {
    const res = await admin.request('PUT', '/api/admin/email-settings/current', { provider: 'sendgrid', eventWebhookKey: verificationKey });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().eventWebhookKey).toBe(verificationKey);
    const to = `giulia-${randomUUID().slice(0, 6)}@esempio.it`;
    const [first, second] = [await queue(to), await queue(`altro-${to}`)];
    const event = (id: string, kind: string, extra: Record<string, unknown> = {}) => ({
      email: to,
      timestamp: Math.floor(Date.now() / 1000),
      event: kind,
      sg_event_id: randomUUID(),
      sg_message_id: 'abc.filter',
      [sendgridEmailIdArg]: id,
      ...extra,
    });
    const events = [
      event(first, 'processed'),
      event(first, 'delivered', { response: '250 OK' }),
      event(first, 'open', { useragent: 'Mozilla/5.0', ip: '192.0.2.1' }),
      event(first, 'click', { url: 'https://esempio.it/offerta' }),
      event(first, 'spamreport'),
      // Only the Message-ID, as some events carry it.
      { ...event(second, 'bounce', { reason: '550 5.1.1 Utente sconosciuto' }), [sendgridEmailIdArg]: undefined, 'smtp-id': `<${second}@vicino.local>` },
      // Not one of ours.
      event(randomUUID(), 'delivered'),
    ];
    const answer = await post(events);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ received: 7, logged: 5 });
    // SendGrid posts again what it is not sure arrived: nothing more is logged.
    for (let i = 0; i < 3; i++) expect((await post(events)).json()).toEqual({ received: 7, logged: 0 });

    expect(await logsOf(first)).toEqual([
      { status: 'clicked', statusDetails: 'Clic su https://esempio.it/offerta', clickedLinks: ['https://esempio.it/offerta'] },
      { status: 'complained', statusDetails: 'Il destinatario l’ha segnalata come spam.', clickedLinks: null },
      { status: 'delivered', statusDetails: 'Consegnata al server del destinatario: 250 OK', clickedLinks: null },
      { status: 'opened', statusDetails: 'Aperta (secondo SendGrid).', clickedLinks: null },
    ]);
    expect(await logsOf(second)).toEqual([{ status: 'bounced', statusDetails: 'Respinta dal server del destinatario: 550 5.1.1 Utente sconosciuto', clickedLinks: null }]);
    const { rows } = await t.system.pool.query('SELECT email FROM email_unsubscribes WHERE email = $1', [to]);
    expect(rows).toHaveLength(1);
  });

  it('refuses events not signed by SendGrid’s key, or altered on the way, and logs nothing of them', async () => {
    const id = await queue(`falso-${randomUUID().slice(0, 6)}@esempio.it`);
    const events = [{ email: 'x@esempio.it', timestamp: 1, event: 'delivered', sg_event_id: randomUUID(), [sendgridEmailIdArg]: id }];
    const other = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    for (const res of [
      await post(events, { key: other }),
      await t.app.inject({ method: 'POST', url: '/api/email/events/sendgrid', headers: { 'content-type': 'application/json' }, payload: events }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Firma degli eventi non valida.');
    }
    // Signed, then one byte changed.
    const body = Buffer.from(JSON.stringify(events));
    const timestamp = '1700000000';
    const signature = sign('sha256', Buffer.concat([Buffer.from(timestamp), body]), privateKey).toString('base64');
    const altered = Buffer.from(JSON.stringify(events).replace('delivered', 'bounce'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email/events/sendgrid',
      headers: { 'content-type': 'application/json', [sendgridSignatureHeader]: signature, [sendgridTimestampHeader]: timestamp },
      payload: altered,
    });
    expect(res.statusCode).toBe(400);
    expect(await logsOf(id)).toEqual([]);
    // Signed but not a list: a clear 400, not a 500.
    const notAList = await post(null, { body: Buffer.from('{"evento":1}') });
    expect(notAList.statusCode).toBe(400);
    expect(notAList.json().message).toBe('Eventi non leggibili: serve un elenco JSON.');
  });
});
