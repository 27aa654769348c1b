import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Browser, useTestApp } from '../../../tests/support/app.js';
import { emailTriggersName } from '../email/triggers.js';
import { loggedIn, useLoggedIn } from '../../../tests/support/marketplace.js';
import { contactLimits } from './throttle.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { committedHead } from '../../../tests/support/caught-up.js';

const t = useTestApp();
const admin = useLoggedIn(t, 'admin');

let ips = 0;
/** A visitor from an address of their own, so that the throttle per address meets only its test. */
const visitor = () => new Browser(t.app, `10.9.0.${++ips}`);
const form = (changes: Record<string, unknown> = {}) => ({
  name: 'Lucia Neri',
  email: `lucia-${randomUUID().slice(0, 8)}@esempio.it`,
  subject: 'Aprire un negozio',
  message: 'Come posso iscrivere la mia bottega di Monti?',
  ...changes,
});
const received = { message: 'Grazie! Abbiamo ricevuto il tuo messaggio e ti risponderemo al più presto.' };

const inbox = async (filter: Record<string, unknown>) => {
  const res = await admin.browser.get(`/api/admin/contact-submissions?filter=${encodeURIComponent(JSON.stringify(filter))}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; email: string; status: string; [field: string]: unknown }[]>();
};
/** The mails queued to this address, once the e-mail triggers (which a write does not wait for) have read the log so far. */
const queued = async (toEmail: string) => {
  expect(await t.system.projections.waitFor(await committedHead(t.system), hangAfter(10_000), [emailTriggersName])).toBe(true);
  return queuedNow(toEmail);
};
const queuedNow = async (toEmail: string) =>
  (
    await t.db.pool.query<{ template_name: string; subject: string; text_content: string }>(
      'SELECT template_name, subject, text_content FROM email_queue WHERE to_email = $1 ORDER BY created_at',
      [toEmail],
    )
  ).rows;

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/contact', () => {
  it('keeps the message as new in the inbox and queues the Italian acknowledgement to its sender', async () => {
    const sent = form({ phone: '+39 06 1234567', company: 'Bottega Neri' });
    const res = await visitor().post('/api/contact', sent);
    expect([res.statusCode, res.json()]).toEqual([201, received]);
    const [message] = await inbox({ q: sent.email });
    expect(message).toMatchObject({
      name: 'Lucia Neri',
      email: sent.email,
      subject: 'Aprire un negozio',
      phone: '+39 06 1234567',
      company: 'Bottega Neri',
      status: 'new',
      adminNotes: null,
      repliedAt: null,
    });
    expect(await queued(sent.email)).toEqual([expect.objectContaining({ template_name: 'contatto-ricevuto', subject: 'Abbiamo ricevuto il tuo messaggio: Aprire un negozio' })]);
  });

  it('names each wrong field in Italian, and keeps nothing', async () => {
    const res = await visitor().post('/api/contact', { name: ' ', email: 'non-una-email', subject: '', message: 'x'.repeat(5001), phone: 'chiamami' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: 'Nome: campo obbligatorio.',
      email: 'Email: indirizzo non valido.',
      subject: 'Oggetto: campo obbligatorio.',
      message: 'Messaggio: al massimo 5000 caratteri.',
      phone: 'Telefono: solo cifre, spazi e + ( ) - . /',
    });
    expect((await visitor().post('/api/contact', {})).json().errors).toMatchObject({ name: 'Nome: campo obbligatorio.', email: 'Email: campo obbligatorio.' });
    expect(await inbox({ q: 'non-una-email' })).toEqual([]);
  });

  it('answers a bot that filled the hidden field as it answers a person, keeping and sending nothing', async () => {
    const sent = form({ website: 'https://spam.example' });
    const res = await visitor().post('/api/contact', sent);
    expect([res.statusCode, res.json()]).toEqual([201, received]);
    expect(await inbox({ q: sent.email })).toEqual([]);
    expect(await queued(sent.email)).toEqual([]);
  });

  it('refuses more messages per e-mail address and per client address in an hour with 429, until the oldest ages out', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(), shouldAdvanceTime: true });
    const person = visitor();
    const email = `ripetuto-${randomUUID().slice(0, 8)}@esempio.it`;
    for (let i = 0; i < contactLimits.perEmail; i++) {
      // From a new address each time: the e-mail's own cap is the one that fills.
      expect((await visitor().post('/api/contact', form({ email }))).statusCode).toBe(201);
      vi.setSystemTime(Date.now() + 10 * 60_000);
    }
    const refused = await person.post('/api/contact', form({ email: email.toUpperCase() }));
    expect(refused.statusCode).toBe(429);
    // The first send was 30 minutes ago: it counts for 30 more.
    expect(refused.json()).toEqual({ message: 'Hai inviato troppi messaggi. Riprova tra 30 minuti.' });
    expect(refused.headers['retry-after']).toBe(String(30 * 60));
    vi.setSystemTime(Date.now() + 30 * 60_000 + 1000);
    expect((await person.post('/api/contact', form({ email }))).statusCode).toBe(201);
    expect(await inbox({ q: email })).toHaveLength(contactLimits.perEmail + 1);

    // One address writing as many people is capped as well.
    const office = visitor();
    for (let i = 0; i < contactLimits.perAddress; i++) expect((await office.post('/api/contact', form())).statusCode).toBe(201);
    const res = await office.post('/api/contact', form());
    expect([res.statusCode, res.json().message]).toEqual([429, 'Hai inviato troppi messaggi. Riprova tra 60 minuti.']);
  });
});

describe('the admin’s inbox', () => {
  it('reads, notes, answers by e-mail and closes a message, each in its history', async () => {
    const sent = form();
    expect((await visitor().post('/api/contact', sent)).statusCode).toBe(201);
    const { id } = (await inbox({ q: sent.email }))[0]!;
    const url = `/api/admin/contact-submissions/${id}`;

    expect((await admin.browser.post(`${url}/read`)).json().status).toBe('read');
    // Opened again, it stays as it is.
    expect((await admin.browser.post(`${url}/read`)).json().status).toBe('read');
    const noted = await admin.browser.request('PUT', url, { adminNotes: 'Negoziante di Monti, richiamare', status: 'closed' });
    expect(noted.json()).toMatchObject({ adminNotes: 'Negoziante di Monti, richiamare', status: 'read' });

    expect((await admin.browser.post(`${url}/reply`, { message: ' ' })).json()).toMatchObject({ errors: { message: 'Risposta: campo obbligatorio.' } });
    const replied = await admin.browser.post(`${url}/reply`, { message: 'Buongiorno Lucia,\nbasta registrarsi come negoziante.' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({
      status: 'replied',
      replyMessage: 'Buongiorno Lucia,\nbasta registrarsi come negoziante.',
      repliedByUserId: admin.id,
      repliedBy: admin.username,
      // Queued, not sent: the page says «in coda» until the queue says it left.
      replyMailStatus: 'pending',
      replyMailSentAt: null,
    });
    expect(replied.json().repliedAt).toEqual(expect.any(String));
    const [, answer] = await queued(sent.email);
    expect(answer).toMatchObject({ template_name: 'contatto-risposta', subject: 'Re: Aprire un negozio' });
    expect(answer!.text_content).toContain('Buongiorno Lucia,\nbasta registrarsi come negoziante.');
    expect(answer!.text_content).toContain('Come posso iscrivere la mia bottega di Monti?');

    expect((await admin.browser.post(`${url}/close`)).json().status).toBe('closed');
    const again = await admin.browser.post(`${url}/close`);
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'Il messaggio è già chiuso.' }]);
    const late = await admin.browser.post(`${url}/reply`, { message: 'Ancora una cosa' });
    expect([late.statusCode, late.json()]).toEqual([409, { message: 'Il messaggio è chiuso: non si può più rispondere.' }]);

    const history = (await admin.browser.get(`/api/admin/history/contact-submission/${id}`)).json<{ italianName: string; references: Record<string, unknown> }[]>();
    // Who answered is named, not only numbered.
    expect(history[3]!.references[admin.id]).toEqual({ type: 'user', name: `Prova Rossi (${admin.username})` });
    expect(history.map((e) => e.italianName)).toEqual([
      'Messaggio di contatto ricevuto',
      'Messaggio di contatto letto',
      'Note sul messaggio di contatto modificate',
      'Risposta al messaggio di contatto inviata',
      'Messaggio di contatto chiuso',
    ]);
  });

  it('lists by status and words, and answers 404 for a message it does not have', async () => {
    const sent = form({ company: 'Ferramenta Città' });
    await visitor().post('/api/contact', sent);
    const res = await admin.browser.get(`/api/admin/contact-submissions?filter=${encodeURIComponent(JSON.stringify({ status: ['new'], q: 'citta' }))}&range=[0,9]`);
    expect(res.headers['content-range']).toMatch(/^contact-submissions 0-\d+\/\d+$/);
    expect(res.json().map((m: { email: string }) => m.email)).toContain(sent.email);
    expect(await inbox({ status: 'closed', q: sent.email })).toEqual([]);
    expect((await admin.browser.get(`/api/admin/contact-submissions?filter={"status":"archived"}`)).json()).toEqual({
      message: 'Stato non valido.',
      errors: { filter: 'Stato non valido.' },
    });
    for (const action of ['read', 'close']) {
      const missing = await admin.browser.post(`/api/admin/contact-submissions/${randomUUID()}/${action}`);
      expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Messaggio di contatto non trovato.' }]);
    }
    expect((await admin.browser.post(`/api/admin/contact-submissions/${randomUUID()}/reply`, { message: 'Ciao' })).statusCode).toBe(404);
  });

  it('is the admin’s only', async () => {
    const customer = (await loggedIn(t, 'customer')).browser;
    expect((await customer.get('/api/admin/contact-submissions')).statusCode).toBe(403);
    expect((await customer.post(`/api/admin/contact-submissions/${randomUUID()}/reply`, { message: 'Ciao' })).statusCode).toBe(403);
    expect((await new Browser(t.app).get('/api/admin/contact-submissions')).statusCode).toBe(401);
  });
});
