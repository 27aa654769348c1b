import type { Logger } from 'pino';
import { systemContext } from '../../platform/domain/context.js';
import { erasedValue, personalKeysOf } from '../../platform/eventstore/personal-data.js';
import type { PeriodicJob, ProcessDeps } from '../../platform/module.js';
import { actOnContact } from '../contact/commands.js';
import { onSession } from '../collaboration-sessions/commands.js';

/*
 * How long Vicino keeps each kind of personal data, in one table (GDPR art. 5(1)(e), storage
 * limitation; issue [21]): what, for how long, why, and what the upkeep does when the time is up.
 * The privacy policy and the back office's «Conservazione dei dati» show this table; the upkeep
 * (`privacy: retention`) applies each rule once an hour. Records of the log lose their data by
 * their key (deleted) and an event that says so, so that a rebuild reads what the live tables hold.
 * Orders, payments and invoices are kept ten years for tax law (art. 2220 c.c., DPR 600/1973) and
 * leave only with an erasure, as «Utente cancellato».
 */

const day = 86_400_000;
/** How many records a rule handles in one run, at most: the next hour takes the rest. */
const batch = 500;

export interface RetentionRule {
  key: string;
  /** What is kept, in Italian. */
  what: string;
  /** For how long, in Italian words. */
  keptFor: string;
  /** The same in days; null: not kept at all. */
  days: number | null;
  /** Why it is kept that long. */
  why: string;
  /** Removes what outlived its time at `now`; how many records it changed. */
  enforce?(deps: ProcessDeps, cutoff: Date, now: Date): Promise<number>;
}

const rowCount = async (deps: ProcessDeps, text: string, values: unknown[]): Promise<number> => (await deps.pool.query(text, values)).rowCount ?? 0;

export const retentionRules: readonly RetentionRule[] = [
  {
    key: 'logins',
    what: 'Accessi al tuo account: indirizzo IP, browser e dispositivo',
    keptFor: '30 giorni dall’ultimo uso',
    days: 30,
    why: 'Ti tengono collegato e ti mostrano da dove hai accesso; dopo 30 giorni senza uso l’accesso scade.',
    enforce: (deps, cutoff) => rowCount(deps, 'DELETE FROM auth_sessions WHERE last_seen_at < $1', [cutoff]),
  },
  {
    key: 'login-failures',
    what: 'Tentativi di accesso non riusciti: nome utente, indirizzo IP, dispositivo',
    keptFor: '30 giorni',
    days: 30,
    why: 'Servono a fermare chi prova a indovinare una password.',
    enforce: (deps, cutoff) => rowCount(deps, 'DELETE FROM login_failures WHERE at < $1', [cutoff]),
  },
  {
    key: 'contact-throttle',
    what: 'Invii dal modulo dei contatti: e-mail e indirizzo IP',
    keptFor: '1 giorno',
    days: 1,
    why: 'Servono a limitare lo spam dal modulo dei contatti.',
    enforce: (deps, cutoff) => rowCount(deps, 'DELETE FROM contact_sends WHERE at < $1', [cutoff]),
  },
  {
    key: 'geocoding-cache',
    what: 'Indirizzi cercati e i luoghi trovati dal servizio di geocodifica, senza chi li ha scritti',
    keptFor: '30 giorni',
    days: 30,
    why: 'Lo stesso indirizzo cercato di nuovo non interroga il servizio un’altra volta; Google non permette di tenere le coordinate più a lungo.',
    enforce: (deps, cutoff) => rowCount(deps, 'DELETE FROM geocoding_cache WHERE created_at < $1', [cutoff]),
  },
  {
    key: 'contact-messages',
    what: 'Messaggi dal modulo dei contatti, con nome, e-mail, telefono e la nostra risposta',
    keptFor: '24 mesi dall’ultima risposta o modifica',
    days: 730,
    why: 'Per risponderti e ritrovare una conversazione se ci riscrivi.',
    async enforce(deps, cutoff, now) {
      const { rows } = await deps.pool.query<{ id: string }>('SELECT id FROM contact_submissions WHERE updated_at < $1 ORDER BY updated_at LIMIT $2', [cutoff, batch]);
      const ctx = systemContext(now);
      for (const { id } of rows) {
        await actOnContact(deps, id, { type: 'ExpireContact' }, ctx);
        await personalKeysOf(deps.pool).erase(`contact-submission-${id}`);
      }
      return rows.length;
    },
  },
  {
    key: 'email-tracking',
    what: 'Aperture e clic delle e-mail: indirizzo IP, browser, link aperti',
    keptFor: '12 mesi',
    days: 365,
    why: 'Solo se l’amministrazione ha attivato il tracciamento delle e-mail: per sapere se le e-mail arrivano.',
    enforce: (deps, cutoff) =>
      rowCount(
        deps,
        `UPDATE email_logs SET ip_address = NULL, user_agent = NULL, clicked_links = NULL
         WHERE created_at < $1 AND (ip_address IS NOT NULL OR user_agent IS NOT NULL OR clicked_links IS NOT NULL)`,
        [cutoff],
      ),
  },
  {
    key: 'emails',
    what: 'E-mail inviate: destinatario, oggetto e testo',
    keptFor: '12 mesi dall’invio',
    days: 365,
    why: 'Per rispondere a chi chiede di un’e-mail ricevuta o non arrivata.',
    async enforce(deps, cutoff) {
      const { rows } = await deps.pool.query<{ id: string; toEmail: string }>(
        `SELECT id, to_email AS "toEmail" FROM email_queue
         WHERE coalesce(sent_at, created_at) < $1 AND html_content <> '' AND status IN ('sent', 'failed', 'cancelled')
         ORDER BY coalesce(sent_at, created_at) LIMIT $2`,
        [cutoff, batch],
      );
      // Every mail of the batch in one statement, each address as an erased one reads (personal-data.ts).
      await deps.pool.query(
        `UPDATE email_queue q SET to_email = x.erased, to_name = NULL, subject = 'E-mail cancellata (conservazione scaduta)', html_content = '', text_content = '', template_data = '{}'
         FROM unnest($1::uuid[], $2::text[]) AS x(id, erased) WHERE q.id = x.id`,
        [rows.map(({ id }) => id), rows.map(({ id, toEmail }) => erasedValue(toEmail, 'email', id))],
      );
      await personalKeysOf(deps.pool).erase(...rows.map(({ id }) => `email-${id}`));
      return rows.length;
    },
  },
  {
    key: 'session-network',
    what: 'Sessioni di lavoro dei collaboratori: indirizzo IP e browser dell’attivazione',
    keptFor: '12 mesi dalla fine della sessione',
    days: 365,
    why: 'Per verificare, in caso di reclamo, da dove è stata aperta una sessione.',
    async enforce(deps, cutoff, now) {
      const { rows } = await deps.pool.query<{ id: string }>(
        `SELECT id FROM collaboration_sessions
         WHERE (ip_address IS NOT NULL OR user_agent IS NOT NULL) AND status IN ('completed', 'revoked', 'cancelled', 'expired')
           AND coalesce(actual_end_at, updated_at) < $1
         ORDER BY coalesce(actual_end_at, updated_at) LIMIT $2`,
        [cutoff, batch],
      );
      const ctx = systemContext(now);
      for (const { id } of rows) {
        await onSession(deps.store, id, { type: 'ForgetNetworkData', now }, ctx);
        await personalKeysOf(deps.pool).erase(`collaboration-session-${id}`);
      }
      return rows.length;
    },
  },
  {
    key: 'pushes',
    what: 'Notifiche push già consegnate al tuo browser',
    keptFor: '30 giorni',
    days: 30,
    why: 'Per non mandarle due volte.',
    enforce: (deps, cutoff) => rowCount(deps, 'DELETE FROM push_outbox WHERE sent_at < $1', [cutoff]),
  },
  {
    key: 'ai-prompts',
    what: 'Testi inviati alle funzioni AI',
    keptFor: 'Non conservati',
    days: null,
    why: 'Vanno al fornitore del modello per la risposta e non restano da noi: ne teniamo solo un’impronta (hash) e i crediti spesi.',
  },
  {
    key: 'orders',
    what: 'Ordini, pagamenti, fatture e i dati di chi li ha fatti',
    keptFor: '10 anni',
    days: 3650,
    why: 'Lo impone la legge fiscale (art. 2220 del Codice civile). Se chiedi la cancellazione restano con «Utente cancellato» al posto dei tuoi dati.',
  },
];

/** How often each rule runs, at most. */
export const retentionEveryMs = 60 * 60_000;

/** Runs each rule whose hour has come: what it removed, by rule. */
export async function applyRetention(deps: ProcessDeps, now: Date, logger?: Pick<Logger, 'warn' | 'info'>): Promise<Record<string, number>> {
  const { rows } = await deps.pool.query<{ rule: string; ranAt: Date }>('SELECT rule, ran_at AS "ranAt" FROM retention_runs');
  const last = new Map(rows.map((row) => [row.rule, row.ranAt.getTime()]));
  const removed: Record<string, number> = {};
  for (const rule of retentionRules) {
    if (!rule.enforce || rule.days === null) continue;
    const ran = last.get(rule.key);
    // A clock moved back (tests, a corrected clock) runs the rule again rather than never.
    if (ran !== undefined && now.getTime() - ran < retentionEveryMs && ran <= now.getTime()) continue;
    try {
      const count = await rule.enforce(deps, new Date(now.getTime() - rule.days * day), now);
      removed[rule.key] = count;
      await deps.pool.query(
        `INSERT INTO retention_runs (rule, ran_at, removed, removed_in_all) VALUES ($1, $2, $3::int, $3::int)
         ON CONFLICT (rule) DO UPDATE SET ran_at = $2, removed = $3::int, removed_in_all = retention_runs.removed_in_all + $3::int`,
        [rule.key, now, count],
      );
      if (count > 0) logger?.info({ rule: rule.key, count }, 'privacy: retention applied');
    } catch (err) {
      logger?.warn({ err, rule: rule.key }, 'privacy: retention rule failed');
    }
  }
  return removed;
}

/** Every minute (and at start, catching up): each rule at most once an hour. */
export const retentionJob: PeriodicJob = {
  name: 'privacy: retention',
  run: async (deps, now, logger) => {
    await applyRetention(deps, now, logger);
  },
};
