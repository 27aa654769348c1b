import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser, startTestApp, type TestApp } from '../../../tests/support/app.js';
import { loggedIn } from '../../../tests/support/marketplace.js';
import { startSmtpPeer, type Answer, type SmtpPeer } from '../../../tests/support/smtp-peer.js';
import { freePort } from '../../platform/db/free-port.js';
import { enqueueEmail } from './queue.js';
import { startEmailSender } from './sender.js';
import type { EmailStatus } from './contract.js';

let t: TestApp;
let admin: Browser;
let adminId: string;
let peer: SmtpPeer;

beforeAll(async () => {
  t = await startTestApp();
  ({ browser: admin, id: adminId } = await loggedIn(t, 'admin'));
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await t.close();
  await peer.close();
});
beforeEach(async () => {
  peer.received.length = 0;
  peer.answer = () => null;
  // Sending off, so that the app's own sender leaves the queue to the test.
  await settings({ isEnabled: false, host: '127.0.0.1', port: peer.port, fromAddress: 'ciao@vicino.test', maxEmailsPerHour: 100 });
});

async function settings(changes: Record<string, unknown>) {
  const res = await admin.request('PUT', '/api/admin/email-settings/current', changes);
  expect(res.statusCode, res.body).toBe(200);
}

/** A welcome mail in the queue, put in the state the test needs. */
async function mailIn(status: EmailStatus, to = `cliente-${Math.random().toString(36).slice(2, 8)}@esempio.it`): Promise<string> {
  const id = await enqueueEmail(t.system.pool, { template: 'benvenuto', to: { email: to, name: 'Giulia' }, data: { name: 'Giulia', username: 'giulia' }, scheduledAt: new Date() });
  await t.system.pool.query(
    `UPDATE email_queue SET status = $2, retry_count = CASE WHEN $2 = 'failed' THEN 3 ELSE 0 END,
       failure_reason = CASE WHEN $2 = 'failed' THEN '550 Casella inesistente' END,
       sent_at = CASE WHEN $2 = 'sent' THEN now() END, claimed_at = CASE WHEN $2 = 'sending' THEN now() END,
       next_attempt_at = now() + interval '1 day'
     WHERE id = $1`,
    [id, status],
  );
  return id!;
}

const logsOf = async (id: string) => (await admin.get(`/api/admin/email-logs?filter=${encodeURIComponent(JSON.stringify({ emailId: id }))}`)).json();

describe('retrying a mail', () => {
  it('puts a failed mail back in the queue, due now, its retries counted afresh, with the admin in the log and the recent activity', async () => {
    const id = await mailIn('failed');
    const before = Date.now();
    const res = await admin.post(`/api/admin/email-queue/${id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'pending', retryCount: 0, failureReason: null });
    expect(new Date(res.json().nextAttemptAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(res.json().nextAttemptAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await logsOf(id)).toEqual([expect.objectContaining({ status: 'retried', actorUserId: adminId, statusDetails: expect.stringContaining('amministratore') })]);
    const recent = (await admin.get('/api/admin/events/recent?limit=5')).json();
    expect(recent).toContainEqual(
      expect.objectContaining({
        type: 'EmailRetried',
        italianName: 'E-mail rimessa in coda',
        actor: expect.objectContaining({ userId: adminId }),
        summary: expect.stringContaining('rimessa in coda'),
      }),
    );
    const history = (await admin.get(`/api/admin/history/email-queue/${id}`)).json();
    expect(history).toEqual([expect.objectContaining({ type: 'EmailRetried', actor: expect.objectContaining({ userId: adminId }) })]);
  });

  it('sends a cancelled mail again', async () => {
    const id = await mailIn('cancelled');
    const res = await admin.post(`/api/admin/email-queue/${id}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('pending');
  });

  it('refuses, in Italian, a mail that is waiting, being sent or sent: it would go twice', async () => {
    for (const [status, words] of [
      ['pending', 'già in coda'],
      ['sending', 'in invio'],
      ['sent', 'già stata inviata'],
    ] as const) {
      const id = await mailIn(status);
      const res = await admin.post(`/api/admin/email-queue/${id}/retry`);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toContain(words);
      expect((await admin.get(`/api/admin/email-queue/${id}`)).json().status).toBe(status);
      expect(await logsOf(id)).toEqual([]);
    }
  });

  it('happens once when asked twice at once', async () => {
    const id = await mailIn('failed');
    const answers = await Promise.all([admin.post(`/api/admin/email-queue/${id}/retry`), admin.post(`/api/admin/email-queue/${id}/retry`)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await logsOf(id)).toHaveLength(1);
  });

  it('never sends a mail twice: not while it is being sent, not once it is sent, not by two senders', async () => {
    const id = await mailIn('failed', 'doppio@esempio.it');
    expect((await admin.post(`/api/admin/email-queue/${id}/retry`)).statusCode).toBe(200);
    // The server holds the mail's DATA until told: the mail is caught in the middle of its sending.
    let release!: (answer: Answer) => void;
    const held = new Promise<Answer>((resolve) => (release = resolve));
    let arrived!: () => void;
    const sending = new Promise<void>((resolve) => (arrived = resolve));
    peer.answer = () => {
      arrived();
      return held;
    };
    await settings({ isEnabled: true });
    // Two senders more besides the app's own, all on the same queue.
    const senders = [1, 2].map(() => startEmailSender({ pool: t.system.pool, secret: t.system.secret }, { poll: false, env: {} }));
    try {
      const drains = senders.map((s) => s.drain());
      await sending;
      expect((await admin.get(`/api/admin/email-queue/${id}`)).json().status).toBe('sending');
      const retried = await admin.post(`/api/admin/email-queue/${id}/retry`);
      expect(retried.statusCode).toBe(409);
      expect(retried.json().message).toContain('in invio');
      const cancelled = await admin.post(`/api/admin/email-queue/${id}/cancel`);
      expect(cancelled.statusCode).toBe(409);
      expect(cancelled.json().message).toContain('in invio');
      release(null);
      await Promise.all(drains);
      await expect.poll(async () => (await admin.get(`/api/admin/email-queue/${id}`)).json().status).toBe('sent');
      expect((await admin.post(`/api/admin/email-queue/${id}/retry`)).statusCode).toBe(409);
      await Promise.all(senders.map((s) => s.drain()));
      expect(peer.received.filter((m) => JSON.stringify(m.to).includes('doppio@esempio.it'))).toHaveLength(1);
    } finally {
      release(null);
      await Promise.all(senders.map((s) => s.stop()));
      await settings({ isEnabled: false });
    }
  });

  it('answers 404 for a mail that is not in the queue, and is the admin’s only', async () => {
    const missing = await admin.post('/api/admin/email-queue/00000000-0000-4000-8000-000000000000/retry');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('E-mail non trovata nella coda.');
    const customer = (await loggedIn(t, 'customer')).browser;
    const id = await mailIn('failed');
    expect((await customer.post(`/api/admin/email-queue/${id}/retry`)).statusCode).toBe(403);
    expect((await customer.post(`/api/admin/email-queue/${id}/cancel`)).statusCode).toBe(403);
    expect((await customer.get('/api/admin/email-queue/summary')).statusCode).toBe(403);
    expect((await customer.post('/api/admin/email-settings/test', { to: 'x@esempio.it' })).statusCode).toBe(403);
  });
});

describe('cancelling a mail', () => {
  it('stops a pending mail, with the admin in the log and the history', async () => {
    const id = await mailIn('pending');
    const res = await admin.post(`/api/admin/email-queue/${id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect(await logsOf(id)).toEqual([expect.objectContaining({ status: 'cancelled', actorUserId: adminId })]);
    const history = (await admin.get(`/api/admin/history/email-queue/${id}`)).json();
    expect(history).toEqual([expect.objectContaining({ type: 'EmailCancelled', italianName: 'E-mail annullata' })]);
  });

  it('refuses, in Italian, a mail being sent, sent, failed or already cancelled', async () => {
    for (const [status, words] of [
      ['sending', 'in invio'],
      ['sent', 'già stata inviata'],
      ['failed', 'non è in coda'],
      ['cancelled', 'già annullata'],
    ] as const) {
      const id = await mailIn(status);
      const res = await admin.post(`/api/admin/email-queue/${id}/cancel`);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toContain(words);
      expect((await admin.get(`/api/admin/email-queue/${id}`)).json().status).toBe(status);
    }
  });
});

describe('the queue’s summary', () => {
  it('counts the mails by status and the hour’s budget as the sender does, and says why mails wait', async () => {
    await t.system.pool.query('TRUNCATE email_logs, email_queue');
    await mailIn('pending');
    await mailIn('failed');
    const longAgo = await mailIn('sent');
    await t.system.pool.query(`UPDATE email_queue SET sent_at = now() - interval '2 hours' WHERE id = $1`, [longAgo]);
    const recent = await mailIn('sent');
    await t.system.pool.query(`UPDATE email_queue SET sent_at = now() - interval '10 minutes' WHERE id = $1`, [recent]);
    await settings({ maxEmailsPerHour: 3 });

    const res = await admin.get('/api/admin/email-queue/summary');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      count: 4,
      byStatus: { pending: 1, sending: 0, sent: 2, failed: 1, cancelled: 0 },
      sentLastHour: 1,
      sending: 0,
      maxPerHour: 3,
      remaining: 2,
      budgetFreesAt: null,
      notSending: 'L’invio delle e-mail è disattivato: le e-mail restano in coda.',
    });

    // One more sent and one being sent use the hour up: the due mail waits for the oldest send to leave the hour.
    const another = await mailIn('sent');
    await t.system.pool.query(`UPDATE email_queue SET sent_at = now() - interval '5 minutes' WHERE id = $1`, [another]);
    await mailIn('sending');
    await t.system.pool.query(`UPDATE email_queue SET next_attempt_at = now() WHERE status = 'pending'`);
    await settings({ isEnabled: true });
    try {
      const full = (await admin.get('/api/admin/email-queue/summary')).json();
      const { rows } = await t.system.pool.query<{ sent_at: Date }>('SELECT sent_at FROM email_queue WHERE id = $1', [recent]);
      expect(full).toMatchObject({ sentLastHour: 2, sending: 1, remaining: 0, budgetFreesAt: new Date(rows[0]!.sent_at.getTime() + 3_600_000).toISOString() });
      expect(full.notSending).toMatch(/^Raggiunto il limite di 3 e-mail all’ora: le prossime partono dalle \d\d:\d\d\.$/);
    } finally {
      await settings({ isEnabled: false });
    }
  });
});

describe('the test e-mail', () => {
  it('is sent at once with the saved settings, even with sending off, outside the queue, and answers with the server’s reply', async () => {
    const res = await admin.post('/api/admin/email-settings/test', { to: 'prova@esempio.it' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ to: 'prova@esempio.it', response: expect.stringMatching(/^250 /) });
    const mail = await peer.mailTo('prova@esempio.it');
    expect(mail.subject).toBe('E-mail di prova da Vicino');
    expect(mail.from?.value).toEqual([{ name: 'Vicino', address: 'ciao@vicino.test' }]);
    expect(mail.text).toContain(`127.0.0.1:${peer.port}`);
    expect((await t.system.pool.query(`SELECT count(*)::int AS n FROM email_queue WHERE to_email = 'prova@esempio.it'`)).rows[0].n).toBe(0);
  });

  it('answers 502 with the server’s refusal, in Italian', async () => {
    peer.answer = () => ({ code: 550, message: 'Casella inesistente' });
    const res = await admin.post('/api/admin/email-settings/test', { to: 'nessuno@esempio.it' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^Il server SMTP 127\.0\.0\.1:\d+ ha rifiutato l’e-mail: «550 Casella inesistente»\.$/);
  });

  it('answers 502 when no server listens, naming where it looked', async () => {
    const port = await freePort();
    await settings({ port });
    const res = await admin.post('/api/admin/email-settings/test', { to: 'prova@esempio.it' });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toContain(`Nessun server SMTP risponde su 127.0.0.1:${port} (connessione rifiutata)`);
  });

  it('asks for what is missing, and for a valid address', async () => {
    await settings({ host: '' });
    const res = await admin.post('/api/admin/email-settings/test', { to: 'prova@esempio.it' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.host).toContain('server SMTP');
    const bad = await admin.post('/api/admin/email-settings/test', { to: 'non-un-indirizzo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.to).toBe('Destinatario: indirizzo non valido.');
  });
});
