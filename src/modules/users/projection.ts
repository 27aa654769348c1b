import { sessionsChannel } from '../../platform/http/plugins/session.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import type { UserEvent } from './user.js';
import { reading, type Projection } from '../../platform/projections/projection.js';

const userIdOf = (event: RecordedEvent): string => event.streamId.slice('user-'.length);

/**
 * Where a user id is announced when some of the user's sessions may have ended (a session version
 * moved on here, or session rows were deleted: src/platform/http/plugins/session.ts), so every process
 * re-checks that user's live streams (src/modules/notifications/stream.ts).
 */

type Registration = Extract<UserEvent, { type: 'UserRegistered' }>['data'] & { at: string };

/** What a batch does to one existing user: last status and role win, session bumps add up. */
interface UserChange {
  status: string | null;
  role: string | null;
  sessionBumps: number;
  updatedAt: string;
}

/** A profile or password edit of a user registered before the batch. */
interface ProfileEdit {
  id: string;
  name: string | null;
  email: string | null;
  passwordHash: string | null;
  at: string;
}

/**
 * The net effect of a batch, user by user, in log order: exactly what applying the events one
 * statement at a time would leave, in a few statements instead of one per event. Profile edits
 * stay one per event and in order, since an e-mail one user gives up another may take next.
 */
function foldBatch(events: RecordedEvent[]): {
  registrations: Registration[];
  changes: Map<string, UserChange>;
  edits: ProfileEdit[];
  comparisons: Map<string, { enabled: boolean; expiresAt: string | null; at: string }>;
} {
  const registrations = new Map<string, Registration>();
  const comparisons = new Map<string, { enabled: boolean; expiresAt: string | null; at: string }>();
  const changes = new Map<string, UserChange>();
  const edits: ProfileEdit[] = [];
  const edit = (event: RecordedEvent, fields: Omit<ProfileEdit, 'id' | 'at'>): void => {
    const id = userIdOf(event);
    const registration = registrations.get(id);
    if (!registration) {
      edits.push({ id, ...fields, at: event.metadata.at });
      return;
    }
    registrations.set(id, {
      ...registration,
      name: fields.name ?? registration.name,
      email: fields.email ?? registration.email,
      passwordHash: fields.passwordHash ?? registration.passwordHash,
    });
  };
  const change = (event: RecordedEvent, edit: Partial<UserChange>, bump: boolean): void => {
    const id = userIdOf(event);
    const current = changes.get(id) ?? { status: null, role: null, sessionBumps: 0, updatedAt: event.metadata.at };
    changes.set(id, {
      status: edit.status ?? current.status,
      role: edit.role ?? current.role,
      sessionBumps: current.sessionBumps + (bump ? 1 : 0),
      updatedAt: event.metadata.at,
    });
  };
  for (const event of events as Array<RecordedEvent & UserEvent>) {
    switch (event.type) {
      case 'UserRegistered':
        // ON CONFLICT DO NOTHING: a second registration of an id changes nothing.
        if (!registrations.has(event.data.userId)) registrations.set(event.data.userId, { ...event.data, at: event.metadata.at });
        break;
      case 'UserSuspended':
        change(event, { status: 'suspended' }, true);
        break;
      case 'UserDeactivated':
        change(event, { status: 'inactive' }, true);
        break;
      case 'UserErased':
        change(event, { status: 'erased' }, true);
        break;
      case 'UserReactivated':
        change(event, { status: 'active' }, false);
        break;
      case 'UserRoleChanged':
        change(event, { role: event.data.role }, true);
        break;
      case 'UserSessionsRevoked':
        change(event, {}, true);
        break;
      case 'UserProfileChanged':
        edit(event, { name: event.data.name ?? null, email: event.data.email ?? null, passwordHash: null });
        break;
      case 'UserPasswordChanged':
        edit(event, { name: null, email: null, passwordHash: event.data.passwordHash });
        change(event, {}, true);
        break;
      case 'UserPriceComparisonSet':
        comparisons.set(userIdOf(event), { ...event.data, at: event.metadata.at });
        break;
    }
  }
  return { registrations: [...registrations.values()], changes, edits, comparisons };
}

/** The `users` read model: profile, role, status, password hash and session version. */
export const usersProjection: Projection = {
  name: 'users',
  title: 'Utenti',
  // Still 1: the profile, password and price comparison events are new, so a rebuild would change nothing.
  version: 1,
  // user_counts: kept by a trigger on users (migration 095).
  tables: ['users', 'user_counts'],
  apply: reading(
    [
      'UserRegistered',
      'UserSuspended',
      'UserDeactivated',
      'UserErased',
      'UserReactivated',
      'UserRoleChanged',
      'UserSessionsRevoked',
      'UserProfileChanged',
      'UserPasswordChanged',
      'UserPriceComparisonSet',
    ] satisfies UserEvent['type'][],
    async (events, tx) => {
      const { registrations: r, changes, edits, comparisons } = foldBatch(events);
      // Before the registrations: a newcomer may take the e-mail an edit here gives up.
      for (const e of edits) {
        await tx.query(
          `UPDATE users SET name = coalesce($2, name), email = coalesce($3, email), password_hash = coalesce($4, password_hash),
             updated_at = greatest(updated_at, $5) WHERE id = $1`,
          [e.id, e.name, e.email, e.passwordHash, e.at],
        );
      }
      if (r.length) {
        await tx.query(
          `INSERT INTO users (id, username, name, email, role, status, password_hash, created_at, updated_at)
           SELECT id, username, name, email, role, 'active', password_hash, at, at
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
             AS r (id, username, name, email, role, password_hash, at)
           ON CONFLICT (id) DO NOTHING`,
          [r.map((x) => x.userId), r.map((x) => x.username), r.map((x) => x.name), r.map((x) => x.email), r.map((x) => x.role), r.map((x) => x.passwordHash), r.map((x) => x.at)],
        );
      }
      if (changes.size) {
        const c = [...changes.values()];
        await tx.query(
          `UPDATE users u SET status = coalesce(c.status, u.status), role = coalesce(c.role, u.role),
             session_version = u.session_version + c.bumps, updated_at = greatest(u.updated_at, c.updated_at)
           FROM unnest($1::uuid[], $2::text[], $3::text[], $4::int[], $5::timestamptz[]) AS c (id, status, role, bumps, updated_at)
           WHERE u.id = c.id`,
          [[...changes.keys()], c.map((x) => x.status), c.map((x) => x.role), c.map((x) => x.sessionBumps), c.map((x) => x.updatedAt)],
        );
        // Heard at commit, when the new version can be read. A rebuild announces old moves again:
        // harmless, since a listener only checks its streams against the table.
        const ended = [...changes].filter(([, x]) => x.sessionBumps > 0).map(([id]) => id);
        if (ended.length) await tx.query('SELECT pg_notify($1, id::text) FROM unnest($2::uuid[]) AS id', [sessionsChannel, ended]);
      }
      if (comparisons.size) {
        // After the registrations: an account may be made and given the comparison in one batch.
        const c = [...comparisons.values()];
        await tx.query(
          `UPDATE users u SET price_comparison_enabled = c.enabled, price_comparison_expires_at = c.expires_at, updated_at = greatest(u.updated_at, c.at)
           FROM unnest($1::uuid[], $2::boolean[], $3::timestamptz[], $4::timestamptz[]) AS c (id, enabled, expires_at, at)
           WHERE u.id = c.id`,
          [[...comparisons.keys()], c.map((x) => x.enabled), c.map((x) => x.expiresAt), c.map((x) => x.at)],
        );
      }
    },
  ),
};

/*
 * Whether an account exists, for what is given the pool rather than the read side's client: the
 * seed, the start-up banner, the benchmarks (the routes read users through queries.ts).
 */
type Db = Pick<import('pg').Pool, 'query'>;

export async function findUserByUsername(db: Db, username: string): Promise<{ id: string } | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(username) = lower($1)', [username]);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string): Promise<{ id: string } | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE id = $1', [id]);
  return rows[0] ?? null;
}
