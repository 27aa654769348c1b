import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Transporter } from 'nodemailer';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { startSmtpPeer, type SmtpPeer } from '../../../tests/support/smtp-peer.js';
import { applyLikeTheRunner, EventLog } from '../../platform/testing/projection-spec.js';
import { emailSettingsProjection } from './projection.js';
import { enqueueEmail } from './queue.js';
import {
  claimLapsesAfterMs,
  interruptedReason,
  retryDelayMs,
  startEmailSender,
  unconsentedReason,
  unsubscribedReason,
  unwantedReason,
  type EmailSender,
  type EmailSenderOptions,
} from './sender.js';
import { emailSettingsDecider, emailSettingsStreamId, type EmailSettings } from './settings.js';
import { smtpTransport } from './transport.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const secret = randomBytes(32);
let db: TestDatabase;
let peer: SmtpPeer;
let now: Date;
const senders: EmailSender[] = [];
const clock = () => now;
const minutes = (n: number) => n * 60_000;
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

beforeAll(async () => {
  db = await createTestDatabase();
  peer = await startSmtpPeer();
  await db.pool.query(
    `INSERT INTO email_templates (id, name, subject, html_content, text_content, is_active, template_type, created_at, updated_at)
     VALUES (gen_random_uuid(), 'prova', 'Messaggio {{n}}', '<p>Ciao {{name}}, messaggio {{n}}</p>', 'Ciao {{name}}, messaggio {{n}}', true, 'system', now(), now()),
            (gen_random_uuid(), 'promo', 'Offerta {{n}}', '<p>Offerta {{n}}</p>', 'Offerta {{n}}', true, 'marketing', now(), now())`,
  );
});
afterAll(async () => {
  await peer.close();
  await db.drop();
});
beforeEach(async () => {
  now = new Date('2026-03-02T09:00:00.000Z');
  peer.received.length = 0;
  peer.answer = () => null;
  await db.pool.query('TRUNCATE email_logs, email_queue, email_unsubscribes, notification_preferences');
  await configure({});
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.stop()));
});

async function configure(changes: Partial<EmailSettings>) {
  const settings: Partial<EmailSettings> = { isEnabled: true, host: '127.0.0.1', port: peer.port, fromAddress: 'ordini@vicino.test', fromName: 'Vicino', ...changes };
  await db.pool.query('INSERT INTO email_settings (id, settings) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET settings = EXCLUDED.settings', [JSON.stringify(settings)]);
}

/** `count` mails to customers; `tracked`: each to an account that consented to the tracking of its mails (privacy's consents). */
async function queue(count: number, { priority, from = 1, tracked = false }: { priority?: number; from?: number; tracked?: boolean } = {}) {
  for (let n = from; n < from + count; n++) {
    const userId = tracked ? randomUUID() : null;
    if (userId) {
      await db.pool.query("INSERT INTO consents (user_id, kind, granted, text, source, changed_at) VALUES ($1, 'email-tracking', true, 'Acconsento', 'settings', now())", [userId]);
    }
    await enqueueEmail(db.pool, { template: 'prova', to: { email: `cliente${n}@esempio.it`, name: 'Giulia' }, data: { n, name: 'Giulia' }, priority, scheduledAt: now, userId });
  }
}

function sender(options: EmailSenderOptions = {}): EmailSender {
  const s = startEmailSender({ pool: db.pool, secret }, { clock, poll: false, env: {}, ...options });
  senders.push(s);
  return s;
}

const statuses = async () =>
  (await db.pool.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM email_queue GROUP BY status')).rows.reduce<Record<string, number>>(
    (all, row) => ({ ...all, [row.status]: row.n }),
    {},
  );

describe('the e-mail sender', () => {
  it('sends the highest priority first, each mail with its own Message-ID', async () => {
    await queue(3, { priority: 9 });
    await queue(1, { priority: 1, from: 4 });
    expect(await sender({ concurrency: 1 }).drain()).toBe(4);
    expect(peer.received.map((m) => m.subject)).toEqual(['Messaggio 4', 'Messaggio 1', 'Messaggio 2', 'Messaggio 3']);
    expect(new Set(peer.received.map((m) => m.messageId)).size).toBe(4);
    expect(peer.received[0]!.text).toContain('Ciao Giulia, messaggio 4');
    expect(peer.received[0]!.from?.value).toEqual([{ name: 'Vicino', address: 'ordini@vicino.test' }]);
  });

  it('reads the settings again before each claim: a change saved while it drains holds for the mails it claims after', async () => {
    await queue(1, { tracked: true });
    let first = true;
    const s = sender({
      concurrency: 1,
      transport: (config, connections) => {
        const real = smtpTransport(config, connections);
        const sendMail = real.sendMail.bind(real);
        // While the first mail goes out, the admin switches tracking on and a trigger queues another.
        real.sendMail = async (mail: Parameters<typeof sendMail>[0]) => {
          if (first) {
            first = false;
            await configure({ trackOpens: true });
            await queue(1, { from: 2, tracked: true });
          }
          return sendMail(mail);
        };
        return real;
      },
    });
    expect(await s.drain()).toBe(2);
    const pixelOf = (subject: string) => String(peer.received.find((m) => m.subject === subject)!.html).includes('/api/email/open/');
    expect([pixelOf('Messaggio 1'), pixelOf('Messaggio 2')]).toEqual([false, true]);
  });

  it('retries a 4xx answer later and sends the mail once after 2 retries', async () => {
    let attempts = 0;
    peer.answer = () => (attempts++ < 2 ? { code: 451, message: 'Riprova più tardi' } : null);
    await queue(1);
    const s = sender();
    expect(await s.drain()).toBe(0);
    expect(await s.drain()).toBe(0); // not due yet: the retry waits its time
    later(retryDelayMs(1));
    expect(await s.drain()).toBe(0);
    later(retryDelayMs(2));
    expect(await s.drain()).toBe(1);
    expect(peer.received).toHaveLength(1);
    const { rows } = await db.pool.query('SELECT status, retry_count FROM email_queue');
    expect(rows).toEqual([{ status: 'sent', retry_count: 2 }]);
    const logs = await db.pool.query('SELECT status FROM email_logs ORDER BY created_at');
    expect(logs.rows.map((r) => r.status)).toEqual(['deferred', 'deferred', 'sent']);
  });

  it('fails a mail for good on a 5xx answer, with the server’s reason', async () => {
    peer.answer = () => ({ code: 550, message: 'Casella inesistente' });
    await queue(1);
    const s = sender();
    expect(await s.drain()).toBe(0);
    later(minutes(60));
    expect(await s.drain()).toBe(0);
    const { rows } = await db.pool.query('SELECT status, failure_reason FROM email_queue');
    expect(rows[0].status).toBe('failed');
    expect(rows[0].failure_reason).toContain('550');
    expect(rows[0].failure_reason).toContain('Casella inesistente');
  });

  it('gives up on a server that keeps refusing for a while after its retries', async () => {
    peer.answer = () => ({ code: 421, message: 'Servizio non disponibile' });
    await queue(1);
    const s = sender();
    for (let retry = 1; retry <= 4; retry++) {
      await s.drain();
      later(retryDelayMs(retry));
    }
    const { rows } = await db.pool.query('SELECT status, retry_count, failure_reason FROM email_queue');
    expect(rows).toEqual([{ status: 'failed', retry_count: 3, failure_reason: expect.stringContaining('421') }]);
  });

  it('never sends more than maxEmailsPerHour in any hour, across senders; the rest go when the hour allows', async () => {
    await configure({ maxEmailsPerHour: 10 });
    await queue(25);
    const [a, b] = [sender({ concurrency: 3 }), sender({ concurrency: 4 })];
    await Promise.all([a.drain(), b.drain()]);
    expect(peer.received).toHaveLength(10);
    later(minutes(59));
    await Promise.all([a.drain(), b.drain()]);
    expect(peer.received).toHaveLength(10);
    later(minutes(2));
    await Promise.all([a.drain(), b.drain()]);
    expect(peer.received).toHaveLength(20);
    later(minutes(61));
    await a.drain();
    expect(peer.received).toHaveLength(25);
    expect(new Set(peer.received.map((m) => m.messageId)).size).toBe(25);
    expect(await statuses()).toEqual({ sent: 25 });
  });

  it('keeps a mail waiting, not failed, while the server refuses the login, and sends it once the password is right', async () => {
    const guarded = await startSmtpPeer({ login: { user: 'vicino', password: 'giusta' } });
    try {
      await configure({ port: guarded.port, user: 'vicino', password: 'sbagliata' });
      await queue(1);
      const s = sender();
      expect(await s.drain()).toBe(0);
      const { rows } = await db.pool.query('SELECT status, retry_count, failure_reason FROM email_queue');
      expect(rows).toEqual([{ status: 'pending', retry_count: 1, failure_reason: expect.stringContaining('535') }]);
      await configure({ port: guarded.port, user: 'vicino', password: 'giusta' });
      later(retryDelayMs(1));
      expect(await s.drain()).toBe(1);
      expect(guarded.received).toHaveLength(1);
    } finally {
      await guarded.close();
    }
  });

  it('keeps mails queued while sending is off, and sends them once it is on', async () => {
    await configure({ isEnabled: false });
    await queue(2);
    const s = sender();
    expect(await s.drain()).toBe(0);
    expect(await statuses()).toEqual({ pending: 2 });
    await configure({});
    expect(await s.drain()).toBe(2);
  });

  it('sends the waiting mails as soon as the admin switches sending on, not at its next look at the queue', async () => {
    await configure({ isEnabled: false });
    await queue(1);
    // Listening as in production; its own look at the queue comes every 15 s, far after this test.
    const s = sender({ poll: true });
    expect(await s.drain()).toBe(0);
    // Once it listens (and has looked at the queue, with sending still off).
    await vi.waitFor(async () => {
      const { rows } = await db.pool.query("SELECT 1 FROM pg_stat_activity WHERE application_name = 'vicino-email' AND query LIKE 'LISTEN%'");
      expect(rows).toHaveLength(1);
    });
    expect(await s.drain()).toBe(0);
    const log = new EventLog();
    const on = log.decide(emailSettingsStreamId, emailSettingsDecider, {
      type: 'UpdateEmailSettings',
      changes: { isEnabled: true, host: '127.0.0.1', port: peer.port, fromAddress: 'ordini@vicino.test' },
    });
    await applyLikeTheRunner(db.pool, emailSettingsProjection, on);
    // The news the projection runner gives after each commit of a projection's checkpoint.
    await db.pool.query("SELECT pg_notify('vicino_checkpoints', $1)", [`${emailSettingsProjection.name} ${on.at(-1)!.position}`]);
    await vi.waitFor(() => expect(peer.received).toHaveLength(1), { timeout: hangAfter(5000) });
  });

  it('delivers each mail exactly once when a sender dies mid-queue and another starts', async () => {
    await queue(12);
    // The first sender dies right after the server accepted its 5th mail, before noting it.
    let accepted = 0;
    const dying = (config: Parameters<typeof smtpTransport>[0], connections: number): Transporter => {
      const real = smtpTransport(config, connections);
      return Object.assign(Object.create(real) as Transporter, {
        sendMail: async (mail: Parameters<Transporter['sendMail']>[0]) => {
          const info = await real.sendMail(mail);
          if (++accepted === 5) return new Promise(() => {});
          return info;
        },
      });
    };
    const first = startEmailSender({ pool: db.pool, secret }, { clock, poll: false, env: {}, concurrency: 1, transport: dying });
    void first.drain();
    await peer.arrived(5);
    expect(await statuses()).toEqual({ sent: 4, sending: 1, pending: 7 });

    later(claimLapsesAfterMs + minutes(1));
    expect(await sender().drain()).toBe(7);
    expect(peer.received).toHaveLength(12);
    expect(new Set(peer.received.map((m) => m.messageId)).size).toBe(12);
    const { rows } = await db.pool.query<{ failure_reason: string }>("SELECT failure_reason FROM email_queue WHERE status = 'failed'");
    expect(rows).toEqual([{ failure_reason: interruptedReason }]);
  });

  it('cancels the marketing mails to an address that unsubscribed, with the reason, and still sends it the others', async () => {
    await db.pool.query("INSERT INTO email_unsubscribes (email, created_at) VALUES ('giulia@esempio.it', now())");
    const to = { email: 'Giulia@Esempio.it', name: 'Giulia' };
    await enqueueEmail(db.pool, { template: 'promo', to, data: { n: 1 }, scheduledAt: now });
    await enqueueEmail(db.pool, { template: 'prova', to, data: { n: 2, name: 'Giulia' }, scheduledAt: now });
    await enqueueEmail(db.pool, { template: 'promo', to: { email: 'altro@esempio.it' }, data: { n: 3 }, scheduledAt: now });
    expect(await sender().drain()).toBe(2);
    expect(peer.received.map((m) => m.subject).sort()).toEqual(['Messaggio 2', 'Offerta 3']);
    const { rows } = await db.pool.query("SELECT status, failure_reason FROM email_queue WHERE template_name = 'promo' ORDER BY template_data->>'n'");
    expect(rows).toEqual([
      { status: 'cancelled', failure_reason: unsubscribedReason },
      { status: 'sent', failure_reason: null },
    ]);
    expect(peer.received.find((m) => m.subject === 'Offerta 3')!.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(true);
  });

  it('sends marketing to an account only with its consent (privacy’s consents): cancelled, with the reason, for one who never gave it or withdrew it', async () => {
    const [consented, withdrew, never] = [randomUUID(), randomUUID(), randomUUID()];
    await db.pool.query(
      `INSERT INTO consents (user_id, kind, granted, text, source, changed_at)
       VALUES ($1, 'marketing', true, 'Voglio', 'settings', now()), ($2, 'marketing', false, 'Voglio', 'unsubscribe', now())`,
      [consented, withdrew],
    );
    for (const [n, userId] of [consented, withdrew, never].entries()) {
      await enqueueEmail(db.pool, { template: 'promo', to: { email: `cliente-${n}@esempio.it` }, data: { n }, scheduledAt: now, userId });
    }
    expect(await sender().drain()).toBe(1);
    expect(peer.received.map((m) => m.subject)).toEqual(['Offerta 0']);
    const { rows } = await db.pool.query("SELECT status, failure_reason FROM email_queue WHERE template_name = 'promo' ORDER BY template_data->>'n'");
    expect(rows).toEqual([
      { status: 'sent', failure_reason: null },
      { status: 'cancelled', failure_reason: unconsentedReason },
      { status: 'cancelled', failure_reason: unconsentedReason },
    ]);
  });

  it('cancels a notice its recipient chose not to get by e-mail (their «Avvisi»), with the reason, and still sends them the other kinds and everyone else theirs', async () => {
    await db.pool.query(
      `INSERT INTO email_templates (id, name, subject, html_content, text_content, is_active, template_type, created_at, updated_at)
       VALUES (gen_random_uuid(), 'ordine-stato-cambiato', 'Ordine {{n}}', '<p>Ordine {{n}}</p>', 'Ordine {{n}}', true, 'transactional', now(), now()),
              (gen_random_uuid(), 'prenotazione-pronta', 'Prenotazione {{n}}', '<p>Prenotazione {{n}}</p>', 'Prenotazione {{n}}', true, 'transactional', now(), now())
       ON CONFLICT DO NOTHING`,
    );
    const giulia = '6f1f3d2c-7a4b-4c1e-9a55-0b6a1d2e3f40';
    const marco = '0c9b7e6d-1a2b-4c3d-8e9f-a0b1c2d3e4f5';
    // Giulia wants orders' notices live only; reservations' by e-mail too (a kind without a row: both).
    await db.pool.query("INSERT INTO notification_preferences (user_id, kind, live, email) VALUES ($1, 'orders', true, false)", [giulia]);
    const mail = (template: string, n: number, userId: string | null) =>
      enqueueEmail(db.pool, { template, to: { email: `utente${n}@esempio.it` }, data: { n }, scheduledAt: now, userId });
    await mail('ordine-stato-cambiato', 1, giulia);
    await mail('prenotazione-pronta', 2, giulia);
    await mail('ordine-stato-cambiato', 3, marco);
    await mail('ordine-stato-cambiato', 4, null);
    // A mail that is no notice (the password changed, a contact's answer) always goes.
    await mail('prova', 5, giulia);
    expect(await sender().drain()).toBe(4);
    expect(peer.received.map((m) => m.subject).sort()).toEqual(['Messaggio 5', 'Ordine 3', 'Ordine 4', 'Prenotazione 2']);
    const { rows } = await db.pool.query("SELECT status, failure_reason FROM email_queue WHERE template_data->>'n' = '1'");
    expect(rows).toEqual([{ status: 'cancelled', failure_reason: unwantedReason }]);
  });

  it('names each mail to SendGrid, so that its events about the mail (provider-events.ts) come back with its id', async () => {
    await configure({ provider: 'sendgrid', apiKey: 'SG.prova' });
    await queue(1);
    await queue(1, { from: 2 });
    // SendGrid's relay, played by the peer: the transport goes where the test says.
    const s = sender({ transport: (config, connections) => smtpTransport({ ...config, host: '127.0.0.1', port: peer.port, secure: false, user: '' }, connections) });
    expect(await s.drain()).toBe(2);
    const { rows } = await db.pool.query<{ id: string; message_id: string }>('SELECT id, message_id FROM email_queue');
    for (const { id, message_id } of rows) {
      const mail = peer.received.find((m) => m.messageId === message_id)!;
      expect(JSON.parse(mail.headers.get('x-smtpapi') as string)).toEqual({ unique_args: { vicino_email_id: id } });
    }
    // Through a plain SMTP server, no such header.
    await configure({});
    await queue(1, { from: 3 });
    expect(await sender().drain()).toBe(1);
    expect(peer.received.find((m) => m.subject === 'Messaggio 3')!.headers.has('x-smtpapi')).toBe(false);
  });
});
