import { z } from 'zod';
import type { LegalKind } from './legal.js';
import { legalTitles } from './legal-texts.js';
import type { Queryable } from '../../platform/db/pool.js';
import { anyOf, type ListResource } from '../../platform/http/admin-rest.js';
import { fixedSql, sql, type ReadDb } from '../../platform/db/read.js';
import { erasureRecord, type ErasureRecord } from './contract.js';
import { erasureStatuses } from './labels.js';

/*
 * What the privacy module reads: its own erasures, and — to erase a person — where the other
 * modules' read models name them (the records whose own key holds some of their data).
 */

/** The person as the users' read model knows them, before their data goes. */
export interface Person {
  userId: string;
  role: string;
  username: string;
  email: string;
  status: string;
}

export async function personOf(db: Queryable, userId: string): Promise<Person | null> {
  const { rows } = await db.query<Person>('SELECT id AS "userId", role, username, email, status FROM users WHERE id = $1', [userId]);
  return rows[0] ?? null;
}

/**
 * Every key under which the log holds some of the person's data (platform/eventstore/personal-data.ts):
 * their own, and those of the records kept under a key of their own — their reviews' texts, the
 * delivery addresses of their orders, their messages to Vicino, the mails sent to them, the
 * reports they filed, the sessions and standing accesses that name them (and where they opened
 * each session from, under the session's stream's key).
 */
export async function subjectsOf(db: Queryable, person: Person): Promise<string[]> {
  const { rows } = await db.query<{ subject: string }>(
    `SELECT $1::text AS subject
     UNION SELECT id::text FROM reviews WHERE reviewer_id = $1::uuid
     UNION SELECT id::text FROM orders WHERE user_id = $1::uuid
     UNION SELECT 'contact-submission-' || id FROM contact_submissions WHERE lower(email) = lower($2)
     UNION SELECT 'email-' || id FROM email_queue WHERE lower(to_email) = lower($2)
     UNION SELECT id::text FROM collaboration_reports WHERE reported_by_user_id = $1::uuid
     UNION SELECT id::text FROM collaboration_sessions WHERE collaborator_id = $1::uuid
     UNION SELECT 'collaboration-session-' || id FROM collaboration_sessions WHERE collaborator_id = $1::uuid
     UNION SELECT id::text FROM store_collaborator_assignments WHERE collaborator_id = $1::uuid`,
    [person.userId, person.email],
  );
  return rows.map((row) => row.subject);
}

/**
 * The words that name the person, as they gave them (their account, their orders' and reservations'
 * details, their messages to Vicino): what a mail about them, sent to someone else, may hold.
 * Words shorter than five characters are left out: they would match too much.
 */
export async function wordsNaming(db: Queryable, person: Person): Promise<string[]> {
  const { rows } = await db.query<{ word: string }>(
    `SELECT DISTINCT w AS word FROM (
       SELECT unnest(ARRAY[name, email, username]) AS w FROM users WHERE id = $1::uuid
       UNION ALL SELECT unnest(ARRAY[customer_name, customer_phone, customer_email]) FROM orders WHERE user_id = $1::uuid
       UNION ALL SELECT unnest(ARRAY[customer_name, customer_phone, customer_email]) FROM product_reservations WHERE user_id = $1::uuid
       UNION ALL SELECT unnest(ARRAY[name, email, phone]) FROM contact_submissions WHERE lower(email) = lower($2)
     ) x WHERE char_length(w) >= 5`,
    [person.userId, person.email],
  );
  return rows.map((row) => row.word);
}

/** The orders of the person's shops still under way (neither completed nor cancelled). */
export async function openOrdersOfOwner(db: Queryable, ownerId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM orders o JOIN stores s ON s.id = o.store_id
     WHERE s.owner_id = $1 AND o.status NOT IN ('completed', 'cancelled')`,
    [ownerId],
  );
  return rows[0]?.n ?? 0;
}

/** The person's shops still open to customers. */
export async function openStoresOf(db: Queryable, ownerId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>("SELECT id FROM stores WHERE owner_id = $1 AND status <> 'suspended'", [ownerId]);
  return rows.map((row) => row.id);
}

/** Whether the person has a collaborator's profile that still works. */
export async function isWorkingCollaborator(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM collaborators WHERE user_id = $1 AND approval_status = 'approved'", [userId]);
  return rows.length > 0;
}

/** The erasures still to carry out or to complete, oldest first: every one each run (a few at a time in practice; none left behind by a cap). */
export async function openErasures(db: Queryable): Promise<{ userId: string; status: string; readModels: string[]; carriedOutAt: Date | null }[]> {
  const { rows } = await db.query<{ userId: string; status: string; readModels: string[]; carriedOutAt: Date | null }>(
    `SELECT user_id AS "userId", status, read_models AS "readModels", carried_out_at AS "carriedOutAt"
     FROM erasures WHERE status <> 'completed' ORDER BY requested_at`,
  );
  return rows;
}

/** Whether every one of these read models has no rebuild under way (each took its rebuilt tables' place). */
export async function rebuildsDone(db: Queryable, names: readonly string[]): Promise<boolean> {
  if (names.length === 0) return true;
  const { rows } = await db.query('SELECT 1 FROM projection_checkpoints WHERE name = ANY($1::text[]) AND rebuild_position IS NOT NULL LIMIT 1', [names]);
  return rows.length === 0;
}

/** The erasure of one person, as the settings page and the admin show it, or null. */
export async function erasureOf(db: ReadDb, userId: string): Promise<ErasureRecord | null> {
  return db.maybeOne(sql.type(erasureRecord)`SELECT ${fixedSql(erasureColumns)} FROM erasures e WHERE e.user_id = ${userId}`);
}

const erasureColumns = `e.user_id AS id, (SELECT u.name FROM users u WHERE u.id = e.user_id) AS name, e.role, e.requested_by AS "requestedBy", e.status,
  e.requested_at AS "requestedAt", e.due_at AS "dueAt", e.open_orders AS "openOrders", e.keys_erased AS "keysErased",
  e.carried_out_at AS "carriedOutAt", e.completed_at AS "completedAt", (e.status <> 'completed' AND e.due_at < now()) AS late`;

/** The admin's list of erasures: the open ones first, then by their deadline. */
export const erasuresResource: ListResource = {
  name: 'erasures',
  from: 'erasures e',
  select: erasureColumns,
  id: 'e.user_id',
  sortable: { id: 'e.user_id', status: 'e.status', requestedAt: 'e.requested_at', dueAt: 'e.due_at', completedAt: 'e.completed_at' },
  defaultOrder: "(e.status = 'completed'), e.due_at",
  filters: { status: anyOf(erasureStatuses, 'Stato', 'e.status') },
  // The person's id pasted (from their account's page): names are gone once erased.
  searchWhole: (typed) => `e.user_id::text = ${typed}`,
  notFound: 'Richiesta di cancellazione non trovata.',
  row: erasureRecord,
};

const retentionRun = z.object({ rule: z.string(), ranAt: z.string(), removed: z.number(), removedInAll: z.number() });

/** Each retention rule's last run: when, what it removed then and in all. */
export async function retentionRunsOf(db: ReadDb): Promise<Map<string, { ranAt: string; removed: number; removedInAll: number }>> {
  const rows = await db.any(
    sql.type(retentionRun)`
      SELECT rule, ran_at AS "ranAt", removed, removed_in_all::int AS "removedInAll" FROM retention_runs`,
  );
  return new Map(rows.map(({ rule, ...run }) => [rule, run]));
}

const consentRow = z.object({ kind: z.string(), granted: z.boolean(), changedAt: z.string() });

/** A person's last answer of each kind of consent they answered. */
export async function consentsOf(db: ReadDb, userId: string): Promise<Map<string, { granted: boolean; changedAt: string }>> {
  const rows = await db.any(sql.type(consentRow)`SELECT kind, granted, changed_at AS "changedAt" FROM consents WHERE user_id = ${userId}`);
  return new Map(rows.map(({ kind, ...answer }) => [kind, answer]));
}

const legalVersionRow = z.object({ kind: z.string(), version: z.number() });

/** The versions in force of the terms and the privacy policy (0 before the first is published). */
export async function legalVersionsInForce(db: ReadDb): Promise<{ terms: number; privacy: number }> {
  const rows = await db.any(sql.type(legalVersionRow)`SELECT kind, max(version)::int AS version FROM legal_documents GROUP BY kind`);
  const of = (kind: string) => rows.find((row) => row.kind === kind)?.version ?? 0;
  return { terms: of('terms'), privacy: of('privacy') };
}

const legalDocumentRow = z.object({ version: z.number(), body: z.string(), note: z.string(), publishedAt: z.string() });
const legalVersionListRow = z.object({ version: z.number(), note: z.string(), publishedAt: z.string() });

/** One version of a legal document (the one in force without `version`), with the list of every version; null when it has none. */
export async function legalDocumentOf(db: ReadDb, kind: LegalKind, version?: number) {
  const versions = await db.any(sql.type(legalVersionListRow)`SELECT version, note, published_at AS "publishedAt" FROM legal_documents WHERE kind = ${kind} ORDER BY version DESC`);
  if (!versions.length) return null;
  const wanted = version ?? versions[0]!.version;
  const row = await db.maybeOne(
    sql.type(legalDocumentRow)`SELECT version, body, note, published_at AS "publishedAt" FROM legal_documents WHERE kind = ${kind} AND version = ${wanted}`,
  );
  if (!row) return null;
  return { kind, title: legalTitles[kind], ...row, current: row.version === versions[0]!.version, versions: [...versions] };
}
