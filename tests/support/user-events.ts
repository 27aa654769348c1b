import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { PostgresEventStore } from '../../src/platform/eventstore/postgres.js';
import type { EventStore, NewEvent } from '../../src/platform/eventstore/types.js';
import { createTestDatabase, type TestDatabase } from './database.js';

const meta = (n: number) => ({
  actorUserId: null,
  actorRole: 'admin',
  correlationId: randomUUID(),
  causationId: null,
  at: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
});

/**
 * Appends a realistic user history: `users` registrations, then suspensions, reactivations,
 * role changes and session revocations on them. Returns the number of events written.
 */
export async function appendUserHistory(store: EventStore, users: number): Promise<number> {
  let n = 0;
  let written = 0;
  for (let u = 0; u < users; u++) {
    const userId = randomUUID();
    const events: NewEvent[] = [
      {
        id: randomUUID(),
        type: 'UserRegistered',
        data: { userId, username: `utente${u}-${userId.slice(0, 6)}`, name: `Utente ${u}`, email: `u${u}-${userId.slice(0, 6)}@esempio.it`, role: 'customer', passwordHash: 'x' },
        metadata: meta(n++),
      },
    ];
    if (u % 3 === 0) events.push({ id: randomUUID(), type: 'UserSuspended', data: { reason: 'Prova' }, metadata: meta(n++) });
    if (u % 6 === 0) events.push({ id: randomUUID(), type: 'UserReactivated', data: {}, metadata: meta(n++) });
    if (u % 4 === 0) events.push({ id: randomUUID(), type: 'UserRoleChanged', data: { role: 'shopkeeper' }, metadata: meta(n++) });
    if (u % 2 === 0) events.push({ id: randomUUID(), type: 'UserSessionsRevoked', data: {}, metadata: meta(n++) });
    await store.appendToStream(`user-${userId}`, events, { expectedRevision: 'no_stream' });
    written += events.length;
  }
  return written;
}

/**
 * A test file's own database and PostgreSQL event store holding `users` users' histories
 * (appendUserHistory), made before its tests and dropped after; read `db` and `store` in tests.
 */
export function useUserHistory(users: number): { readonly db: TestDatabase; readonly store: PostgresEventStore } {
  let db: TestDatabase | undefined;
  let store: PostgresEventStore | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool, db.url, 50);
    await appendUserHistory(store, users);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });
  return {
    get db() {
      return db!;
    },
    get store() {
      return store!;
    },
  };
}
