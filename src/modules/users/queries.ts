import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { sql, type ReadDb } from '../../platform/db/read.js';
import { anyOf, answerList, findOne, type ListResource } from '../../platform/http/admin-rest.js';
import type { listQuerystring } from '../../platform/http/admin-rest-contract.js';
import { adminUser, publicUser, roleValues, userStatuses, userWithStatus, type AdminUser, type PublicUser } from './contract.js';

/** A user as the server reads it to log in, check a password or open a session: the hash stays here. */
export const userRow = userWithStatus.extend({ password_hash: z.string(), session_version: z.number() });
export type UserRow = z.infer<typeof userRow>;

const userColumns = sql.fragment`id, username, name, email, role, status, password_hash, session_version`;

export async function userByUsername(db: ReadDb, username: string): Promise<UserRow | null> {
  return db.maybeOne(sql.type(userRow)`SELECT ${userColumns} FROM users WHERE lower(username) = lower(${username})`);
}

export async function userById(db: ReadDb, id: string): Promise<UserRow | null> {
  return db.maybeOne(sql.type(userRow)`SELECT ${userColumns} FROM users WHERE id = ${id}`);
}

/** What the client may see of a user: never the hash. */
export const publicUserOf = (row: UserRow): PublicUser => publicUser.parse(row);

/** Admin list of accounts (docs/api-admin.md): never the password hash nor the session version. */
export const usersResource: ListResource = {
  name: 'users',
  from: 'users u',
  select: `u.id, u.username, u.name, u.email, u.role, u.status, u.price_comparison_enabled AS "priceComparisonEnabled",
    u.price_comparison_expires_at AS "priceComparisonExpiresAt", u.created_at AS "createdAt", u.updated_at AS "updatedAt"`,
  id: 'u.id',
  sortable: {
    id: 'u.id',
    username: 'lower(u.username)',
    name: 'u.name',
    email: 'lower(u.email)',
    role: 'u.role',
    status: 'u.status',
    createdAt: 'u.created_at',
    updatedAt: 'u.updated_at',
  },
  defaultOrder: 'u.created_at DESC',
  filters: { role: anyOf(roleValues, 'Ruolo', 'u.role'), status: anyOf(userStatuses, 'Stato', 'u.status') },
  searchText: 'u.admin_text',
  // Kept with the rows (migration 095): «customer» alone is about nine accounts in ten.
  counts: { from: 'user_counts u', by: ['role', 'status'] },
  notFound: 'Utente non trovato.',
  row: adminUser,
};

/** A page of the admin's list of accounts, with its Content-Range. */
export const adminUsers = (db: ReadDb, reply: FastifyReply, query: z.output<typeof listQuerystring>): Promise<AdminUser[]> =>
  answerList<AdminUser>(db, reply, usersResource, query) as Promise<AdminUser[]>;

/** One account as the admin sees it; 404 when there is none. */
export const adminUserById = (db: ReadDb, id: string): Promise<AdminUser> => findOne<AdminUser>(db, usersResource, id);

const usernameRow = z.object({ id: z.string(), username: z.string() });

/** The usernames of these accounts, by id (who did what, in the admin's history and activity). */
export async function usernamesOf(db: ReadDb, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.any(sql.type(usernameRow)`
    SELECT id, username FROM users WHERE id = ANY (${sql.array(ids, 'uuid')})`);
  return new Map(rows.map((r) => [r.id, r.username]));
}

const nameRow = z.object({ id: z.string(), name: z.string() });

/** The names of these accounts, by id (who did what, as the other modules record it); an unknown id is left out. */
export async function namesOf(db: ReadDb, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await db.any(sql.type(nameRow)`
    SELECT id, name FROM users WHERE id = ANY (${sql.array(ids, 'uuid')})`);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** One account's name, null when there is none. */
export async function nameOf(db: ReadDb, id: string): Promise<string | null> {
  return (await namesOf(db, [id])).get(id) ?? null;
}

const roleRow = z.object({ role: z.string() });

/** One account's role, null when there is none. */
export async function roleOf(db: ReadDb, id: string): Promise<string | null> {
  return db.maybeOneFirst(sql.type(roleRow)`SELECT role FROM users WHERE id = ${id}`);
}

const userIdRow = z.object({ id: z.string() });

/** The accounts whose e-mail is `address` (at most one: e-mails are unique), whatever its case. */
export async function userIdsWithEmail(db: ReadDb, address: string): Promise<string[]> {
  return (await db.any(sql.type(userIdRow)`SELECT id FROM users WHERE lower(email) = lower(${address})`)).map((row) => row.id);
}
