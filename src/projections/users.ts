import type { RecordedEvent } from '../eventstore/types.js';
import type { UserEvent } from '../domain/users/decider.js';
import { byEventType, type Projection } from './projection.js';

const userIdOf = (event: RecordedEvent): string => event.streamId.slice('user-'.length);

const setStatus = (status: string) => (event: RecordedEvent, tx: { query: (q: string, v: unknown[]) => Promise<unknown> }) =>
  tx.query('UPDATE users SET status = $2, session_version = session_version + 1, updated_at = $3 WHERE id = $1', [
    userIdOf(event),
    status,
    event.metadata.at,
  ]);

/** The `users` read model: profile, role, status, password hash and session version. */
export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  tables: ['users'],
  apply: byEventType<UserEvent>({
    UserRegistered: (event, tx) => {
      const d = event.data;
      return tx.query(
        `INSERT INTO users (id, username, name, email, role, status, password_hash, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'active', $6, $7, $7) ON CONFLICT (id) DO NOTHING`,
        [d.userId, d.username, d.name, d.email, d.role, d.passwordHash, event.metadata.at],
      );
    },
    UserSuspended: setStatus('suspended'),
    UserDeactivated: setStatus('inactive'),
    UserReactivated: (event, tx) =>
      tx.query("UPDATE users SET status = 'active', updated_at = $2 WHERE id = $1", [userIdOf(event), event.metadata.at]),
    UserRoleChanged: (event, tx) =>
      tx.query('UPDATE users SET role = $2, session_version = session_version + 1, updated_at = $3 WHERE id = $1', [
        userIdOf(event),
        event.data.role,
        event.metadata.at,
      ]),
    UserSessionsRevoked: (event, tx) =>
      tx.query('UPDATE users SET session_version = session_version + 1, updated_at = $2 WHERE id = $1', [
        userIdOf(event),
        event.metadata.at,
      ]),
  }),
};

export interface UserRow {
  id: string;
  username: string;
  name: string;
  email: string;
  role: import('../domain/shared/context.js').Role;
  status: 'active' | 'inactive' | 'suspended';
  password_hash: string;
  session_version: number;
  created_at: Date;
}

type Db = { query: import('pg').Pool['query'] };

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE lower(username) = lower($1)', [username]);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
  return rows[0] ?? null;
}

/** What the client may see of a user (spec §3 session user, plus e-mail): never the hash. */
export function publicUser(row: UserRow): { id: string; username: string; name: string; email: string; role: UserRow['role'] } {
  return { id: row.id, username: row.username, name: row.name, email: row.email, role: row.role };
}
