import type { Queryable } from '../../platform/db/pool.js';
import { erasedValue } from '../../platform/eventstore/personal-data.js';
import type { Person } from './queries.js';

/**
 * The person's data kept outside the log, in the tables no rebuild writes (the writes that are no
 * events), erased with them: their login sessions (IP address, device) and failed logins, the
 * mails sent to them (address, text, opens and clicks), their messages' spam throttle, their
 * unsubscription, their pending pushes and the evidence files they added to cases. Returns how many
 * rows it changed.
 */
export async function erasePersonalRows(db: Queryable, person: Person, words: readonly string[]): Promise<number> {
  const erasedEmail = erasedValue(person.email, 'email', person.userId) as string;
  const statements: [string, unknown[]][] = [
    ['DELETE FROM auth_sessions WHERE user_id = $1', [person.userId]],
    ['DELETE FROM login_failures WHERE lower(username) = lower($1)', [person.username]],
    ['DELETE FROM contact_sends WHERE lower(email) = lower($1)', [person.email]],
    ['DELETE FROM email_unsubscribes WHERE lower(email) = lower($1)', [person.email]],
    ['DELETE FROM push_outbox WHERE user_id = $1', [person.userId]],
    [
      `UPDATE email_logs SET user_agent = NULL, ip_address = NULL, clicked_links = NULL, status_details = NULL
       WHERE email_id IN (SELECT id FROM email_queue WHERE lower(to_email) = lower($1))`,
      [person.email],
    ],
    [
      `UPDATE email_queue SET to_email = $2, to_name = NULL, subject = $3, html_content = '', text_content = '', template_data = '{}',
         status = CASE WHEN status = 'pending' THEN 'cancelled' ELSE status END
       WHERE lower(to_email) = lower($1)`,
      [person.email, erasedEmail, 'Utente cancellato'],
    ],
    // Mails to others about them (an order's, a message's): their text goes, the mail's trace stays.
    [
      `UPDATE email_queue SET subject = $2, html_content = '', text_content = '', template_data = '{}', to_name = NULL
       WHERE concat_ws(' ', subject, html_content, text_content, template_data::text, to_name) ILIKE ANY ($1::text[])`,
      [words.map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`), 'Utente cancellato'],
    ],
    ['DELETE FROM complaint_files WHERE id IN (SELECT id FROM complaint_evidence WHERE added_by = $1)', [person.userId]],
  ];
  let changed = 0;
  for (const [text, values] of statements) changed += (await db.query(text, values)).rowCount ?? 0;
  return changed;
}
