import { randomUUID } from 'node:crypto';
import type { Pool } from '../../platform/db/pool.js';
import type { ProviderLogLine } from './provider-events.js';

/*
 * What the mails' readers and the provider tell of the mails that left: the log's lines (opened,
 * clicked, delivered, bounced…) and the addresses that asked for no more promotional mail. Rows,
 * not events: counters and receipts, written as they come.
 */

/** The address receives no more promotional mail (once: a second request changes nothing). */
export async function unsubscribe(pool: Pool, address: string): Promise<void> {
  await pool.query('INSERT INTO email_unsubscribes (email, created_at) VALUES ($1, now()) ON CONFLICT (email) DO NOTHING', [address]);
}

/**
 * Logs an open or a click of a mail that left (one open per mail: a unique index): `sending` too,
 * since a reader may open it before the sender has noted the server's answer.
 */
export async function logOpenOrClick(
  pool: Pool,
  emailId: string,
  status: 'opened' | 'clicked',
  details: string,
  request: { headers: Record<string, unknown>; ip: string },
  links: string[] | null,
): Promise<void> {
  const userAgent = typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : null;
  await pool.query(
    `INSERT INTO email_logs (id, email_id, status, status_details, user_agent, ip_address, clicked_links, created_at)
     SELECT $1::uuid, id, $2::text, $3::text, $4::text, $5::text, $6::jsonb, now() FROM email_queue WHERE id = $7::uuid AND status IN ('sending', 'sent')
     ON CONFLICT (email_id) WHERE status = 'opened' DO NOTHING`,
    [randomUUID(), status, details, userAgent, request.ip, links ? JSON.stringify(links) : null, emailId],
  );
}

/** The provider's events as the log's lines (each once: its provider's id), their unsubscriptions and complaints as unsubscribed addresses; how many lines were new. */
export async function logProviderEvents(pool: Pool, lines: readonly ProviderLogLine[]): Promise<number> {
  const { rows } = await pool.query<{ logged: number }>(
    `WITH e AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS e (id uuid, provider_event_id text, email_id uuid, status text, details text,
         user_agent text, ip text, clicked_links jsonb, at timestamptz)
     ), stopped AS (
       INSERT INTO email_unsubscribes (email, created_at)
       SELECT DISTINCT lower(q.to_email), now() FROM e JOIN email_queue q ON q.id = e.email_id WHERE e.status IN ('unsubscribed', 'complained')
       ON CONFLICT (email) DO NOTHING
     ), logged AS (
       INSERT INTO email_logs (id, email_id, status, status_details, user_agent, ip_address, clicked_links, created_at, provider_event_id)
       SELECT e.id, e.email_id, e.status, e.details, e.user_agent, e.ip, e.clicked_links, e.at, e.provider_event_id
       FROM e JOIN email_queue q ON q.id = e.email_id
       ON CONFLICT DO NOTHING
       RETURNING 1
     )
     SELECT count(*)::int AS logged FROM logged`,
    [
      JSON.stringify(
        lines.map((line) => ({
          id: randomUUID(),
          provider_event_id: line.providerEventId,
          email_id: line.emailId,
          status: line.status,
          details: line.details,
          user_agent: line.userAgent,
          ip: line.ip,
          clicked_links: line.clickedLinks,
          at: line.at,
        })),
      ),
    ],
  );
  return rows[0]!.logged;
}
