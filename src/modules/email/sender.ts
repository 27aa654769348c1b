import { randomUUID } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { inTransaction, type Pool } from '../../platform/db/pool.js';
import { readSettingsRow } from '../../platform/db/settings-row.js';
import { checkpointsChannel, listenFor, oneDrainAtATime } from '../../platform/processes/wake.js';
import { decorate } from './links.js';
import { emailSettingsProjection } from './projection.js';
import { sendgridArgsHeader } from './provider-events.js';
import { emailQueueChannel } from './queue.js';
import { emailTriggersName, noticeKindOfTemplate } from './triggers.js';
import { defaultEmailSettings, type EmailSettings } from './settings.js';
import { effectiveEmailSettings, smtpTransport, transportConfigOf, whyNotSending, type TransportConfig } from './transport.js';

/** A lost wake-up (queue.ts notifies each mail queued) is caught by the next look at the queue, this often. */
const pollMs = 15_000;
const hourMs = 60 * 60 * 1000;
/**
 * A claim older than this belongs to a sender that died mid-send: every attempt ends long before
 * (the transport's timeouts), so a live sender never loses its claim.
 */
export const claimLapsesAfterMs = 10 * 60 * 1000;
/** Each notice's template by its kind, as the claim reads it. */
const noticeKinds = JSON.stringify(noticeKindOfTemplate);

/** Two claimers never decide on the hour's budget at once (one key for the whole platform). */
const claimLock = 7_310_031;

/** The wait before retry n (1, 2, 3…): 1, 5, 25 minutes. */
export const retryDelayMs = (retry: number): number => 60_000 * 5 ** (retry - 1);

export const unsubscribedReason = 'Non inviata: il destinatario ha annullato l’iscrizione alle e-mail promozionali.';

export const unconsentedReason = 'Non inviata: il destinatario non ha dato il consenso alle e-mail promozionali.';

export const unwantedReason = 'Non inviata: il destinatario ha scelto di non ricevere questi avvisi per e-mail (Impostazioni › Avvisi).';

export const interruptedReason = 'Invio interrotto (il processo si è fermato durante l’invio): il server potrebbe averla già ricevuta, quindi non viene rispedita da sola.';

interface Claimed {
  id: string;
  message_id: string;
  to_email: string;
  to_name: string | null;
  subject: string;
  html_content: string;
  text_content: string;
  template_type: string | null;
  /** The recipient consented to the tracking of the mails they get (privacy's consents, issue [21]). */
  tracked: boolean;
  retry_count: number;
  max_retries: number;
  claimed_at: Date;
}

/** An answer of the SMTP server as nodemailer reports it. */
interface SmtpFailure {
  responseCode?: number;
  response?: string;
  code?: string;
  message?: string;
}

export interface EmailSender {
  /** Sends what is due now, within the hour's budget; resolves with the number of mails sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export interface EmailSenderOptions {
  logger?: Logger;
  /** The time (tests move it; the sender never sleeps on it). */
  clock?: () => Date;
  /** Where SMTP_* come from. */
  env?: NodeJS.ProcessEnv;
  /** Mails in flight at once, each on its own connection of the pool. */
  concurrency?: number;
  /** Makes the transport for the settings (tests wrap the real one). */
  transport?: (config: TransportConfig, connections: number) => Transporter;
  /** Look at the queue when a mail is queued and on a timer (off in tests, which drain by hand). */
  poll?: boolean;
}

/**
 * Sends the queued mails through SMTP (nodemailer), highest priority first, never more than
 * maxEmailsPerHour in any sliding hour across all app processes: the budget is counted in the
 * queue itself, under one advisory lock, in the transaction that claims the mails. A mail is
 * claimed (status sending, committed) before its first byte leaves, so no two senders send it;
 * a claim that outlives any attempt is a dead sender's, and its mail is not sent again by itself
 * (the server may have it). A 4xx answer, a lost connection or a refused login is retried later
 * (retryDelayMs, a time stored with the mail, so restarts keep it); a 5xx answer to the mail fails
 * it with the reason.
 */
export function startEmailSender({ pool, secret }: { pool: Pool; secret: Buffer }, options: EmailSenderOptions = {}): EmailSender {
  const { logger, clock = () => new Date(), env = process.env, concurrency = 5, transport: makeTransport = smtpTransport, poll = true } = options;
  let stopped = false;
  let current: { key: string; transport: Transporter } | null = null;

  function transportFor(settings: EmailSettings): Transporter {
    const config = transportConfigOf(settings);
    const key = JSON.stringify(config);
    if (current?.key !== key) {
      current?.transport.close();
      current = { key, transport: makeTransport(config, concurrency) };
    }
    return current.transport;
  }

  async function log(emailId: string, status: string, details: string | null, at: Date): Promise<void> {
    await pool.query('INSERT INTO email_logs (id, email_id, status, status_details, created_at) VALUES ($1, $2, $3, $4, $5)', [randomUUID(), emailId, status, details, at]);
  }

  /** Mails a dead sender left claimed: failed with the reason, for the admin to send again. */
  async function releaseLapsedClaims(now: Date): Promise<void> {
    const { rows } = await pool.query<{ id: string }>(
      `UPDATE email_queue SET status = 'failed', failure_reason = $2
       WHERE status = 'sending' AND claimed_at < $1 RETURNING id`,
      [new Date(now.getTime() - claimLapsesAfterMs), interruptedReason],
    );
    for (const { id } of rows) await log(id, 'interrupted', interruptedReason, now);
  }

  async function claim(now: Date, maxPerHour: number): Promise<(Claimed & { status: string })[]> {
    return inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [claimLock]);
      const { rows: used } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM email_queue WHERE status = 'sending' OR (status = 'sent' AND sent_at > $1)`, [
        new Date(now.getTime() - hourMs),
      ]);
      const budget = Math.min(concurrency, maxPerHour - used[0]!.n);
      if (budget <= 0) return [];
      // Marketing to an address that unsubscribed is cancelled instead of claimed, whenever it was
      // queued, and so is marketing to a person who never consented to it (or withdrew: privacy's
      // consents, issue [21]), and a notice its recipient chose not to get by e-mail (their settings'
      // «Avvisi»: notification_preferences, by the template's kind of notice); the rest always
      // goes. Decided in the claim's own snapshot: one that sees the mail sees an unsubscription
      // or a choice made before it was queued. Opens and clicks are measured only for a recipient
      // who consented to it.
      const { rows } = await client.query<Claimed & { status: string }>(
        `UPDATE email_queue q
         SET status = CASE WHEN due.unsubscribed OR due.unconsented OR due.unwanted THEN 'cancelled' ELSE 'sending' END,
             failure_reason = CASE WHEN due.unsubscribed THEN $3 WHEN due.unconsented THEN $6 WHEN due.unwanted THEN $5 ELSE q.failure_reason END,
             claimed_at = $1
         FROM (SELECT id, template_type = 'marketing' AND EXISTS (SELECT 1 FROM email_unsubscribes u WHERE u.email = lower(to_email)) AS unsubscribed,
                 template_type = 'marketing' AND user_id IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM consents c WHERE c.user_id = email_queue.user_id AND c.kind = 'marketing' AND c.granted) AS unconsented,
                 user_id IS NOT NULL AND EXISTS (SELECT 1 FROM notification_preferences p WHERE p.user_id = email_queue.user_id AND p.kind = $4::jsonb ->> template_name AND NOT p.email) AS unwanted,
                 user_id IS NOT NULL AND EXISTS (SELECT 1 FROM consents c WHERE c.user_id = email_queue.user_id AND c.kind = 'email-tracking' AND c.granted) AS tracked
               FROM email_queue WHERE status = 'pending' AND next_attempt_at <= $1
               ORDER BY priority, next_attempt_at, created_at LIMIT $2 FOR UPDATE SKIP LOCKED) due
         WHERE q.id = due.id
         RETURNING q.id, q.message_id, q.to_email, q.to_name, q.subject, q.html_content, q.text_content, q.template_type, due.tracked, q.retry_count, q.max_retries, q.claimed_at, q.status`,
        [now, budget, unsubscribedReason, noticeKinds, unwantedReason, unconsentedReason],
      );
      return rows;
    });
  }

  /**
   * Records the attempt's outcome and its log entry in one statement (one round trip a mail),
   * unless the claim lapsed meanwhile (then it is no longer ours, and neither is written).
   */
  async function settle(mail: Claimed, outcome: { set: string; params: unknown[] }, logStatus: string, details: string | null, now: Date) {
    const n = 3 + outcome.params.length;
    await pool.query(
      `WITH settled AS (UPDATE email_queue SET ${outcome.set} WHERE id = $1 AND status = 'sending' AND claimed_at = $2 RETURNING id)
       INSERT INTO email_logs (id, email_id, status, status_details, created_at)
       SELECT $${n}::uuid, id, $${n + 1}::text, $${n + 2}::text, $${n + 3}::timestamptz FROM settled`,
      [mail.id, mail.claimed_at, ...outcome.params, randomUUID(), logStatus, details, now],
    );
  }

  async function send(mail: Claimed, settings: EmailSettings): Promise<boolean> {
    const { html, text, unsubscribe } = decorate(
      { id: mail.id, toEmail: mail.to_email, html: mail.html_content, text: mail.text_content, marketing: mail.template_type === 'marketing' },
      { secret, trackOpens: settings.trackOpens && mail.tracked, trackClicks: settings.trackClicks && mail.tracked },
    );
    try {
      const info = await transportFor(settings).sendMail({
        messageId: mail.message_id,
        from: { name: settings.fromName, address: settings.fromAddress },
        replyTo: settings.replyTo || undefined,
        to: mail.to_name ? { name: mail.to_name, address: mail.to_email } : mail.to_email,
        subject: mail.subject,
        html,
        text,
        // RFC 2369 and 8058: the reader's mail client offers its own "unsubscribe", one click, no page.
        ...(unsubscribe ? { list: { unsubscribe } } : {}),
        headers: {
          ...(unsubscribe ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
          // Through SendGrid, each of its events about the mail (provider-events.ts) names it.
          ...(settings.provider === 'sendgrid' ? sendgridArgsHeader(mail.id) : {}),
        },
      });
      const now = clock();
      await settle(mail, { set: "status = 'sent', sent_at = $3, failure_reason = NULL", params: [now] }, 'sent', String(info.response ?? ''), now);
      return true;
    } catch (error) {
      const failure = error as SmtpFailure;
      const now = clock();
      const reason = failure.responseCode ? String(failure.response ?? failure.responseCode) : `${failure.code ?? 'errore'}: ${failure.message ?? ''}`.trim();
      // A refused login is the settings' fault, not the mail's: it waits for them to be put right.
      if (failure.responseCode !== undefined && failure.responseCode >= 500 && failure.code !== 'EAUTH') {
        await settle(mail, { set: "status = 'failed', failure_reason = $3", params: [reason] }, 'bounced', reason, now);
        return false;
      }
      const retry = mail.retry_count + 1;
      if (retry > mail.max_retries) {
        await settle(mail, { set: "status = 'failed', failure_reason = $3, retry_count = $4", params: [reason, retry - 1] }, 'failed', reason, now);
      } else {
        const next = new Date(now.getTime() + retryDelayMs(retry));
        await settle(mail, { set: "status = 'pending', failure_reason = $3, retry_count = $4, next_attempt_at = $5", params: [reason, retry, next] }, 'deferred', reason, now);
      }
      return false;
    }
  }

  async function drainOnce(): Promise<number> {
    await releaseLapsedClaims(clock());
    let sent = 0;
    while (!stopped) {
      // The settings as they are now, before each claim: a change saved while this drain runs
      // (tracking switched on, sending switched off, another server) holds for the mails claimed
      // after it, not only for the next drain's.
      const settings = effectiveEmailSettings(await readSettingsRow(pool, 'email_settings', defaultEmailSettings), env);
      if (whyNotSending(settings)) break;
      const claimed = await claim(clock(), settings.maxEmailsPerHour);
      if (!claimed.length) break;
      const results = await Promise.all(claimed.filter((mail) => mail.status === 'sending').map((mail) => send(mail, settings)));
      sent += results.filter(Boolean).length;
    }
    return sent;
  }

  const { drain, running } = oneDrainAtATime(drainOnce, {
    failed: (err) => logger?.error({ err }, 'e-mail: non è stato possibile lavorare sulla coda'),
    stopped: () => stopped,
  });
  // Mails queued by the triggers are announced by their checkpoint's news, after the commit
  // (queue.ts): "email-triggers <position>"; a batch they only passed ("… passed") queued none.
  // The triggers queued mail, or the settings changed (sending switched on): the queue is worth a look.
  const queueWorthALook = new RegExp(`^(${emailTriggersName}|${emailSettingsProjection.name}) \\S+$`, 'm');
  const listening = poll
    ? listenFor(
        pool,
        [emailQueueChannel, checkpointsChannel],
        (news) => {
          if (!news || news.channel === emailQueueChannel || queueWorthALook.test(news.payload ?? '')) void drain();
        },
        { applicationName: 'vicino-email', logger },
      )
    : null;
  const timer = poll ? setInterval(() => void drain(), pollMs).unref() : undefined;
  return {
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await listening?.stop();
      await running();
      current?.transport.close();
      current = null;
    },
  };
}
