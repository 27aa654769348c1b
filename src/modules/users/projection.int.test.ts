import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import type { UserEvent } from './decider.js';
import type { Position, RecordedEvent } from '../../platform/eventstore/types.js';
import { usersProjection } from './projection.js';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

let n = 0;
const recorded = (userId: string, event: UserEvent): RecordedEvent => ({
  id: randomUUID(),
  streamId: `user-${userId}`,
  revision: 0,
  position: `0/${++n}` as Position,
  type: event.type,
  data: event.data,
  metadata: { actorUserId: null, actorRole: null, correlationId: randomUUID(), causationId: null, at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString() },
});
const registered = (userId: string, email: string): RecordedEvent =>
  recorded(userId, { type: 'UserRegistered', data: { userId, username: `u-${userId.slice(0, 8)}`, name: 'Nome', email, role: 'customer', passwordHash: 'h0' } });

async function apply(events: RecordedEvent[]): Promise<void> {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await usersProjection.apply(events, client);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

const row = async (id: string) =>
  (await db.pool.query('SELECT name, email, password_hash, session_version FROM users WHERE id = $1', [id])).rows[0];

describe('users projection: profile and password', () => {
  it('applies a batch where one user gives up an e-mail and a newcomer takes it, and edits of users registered in the same batch', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const x = `x-${a.slice(0, 6)}@esempio.it`;
    await apply([registered(a, x)]);
    await apply([
      recorded(a, { type: 'UserProfileChanged', data: { email: `y-${a.slice(0, 6)}@esempio.it` } }),
      registered(b, x),
      registered(c, `c-${c.slice(0, 6)}@esempio.it`),
      recorded(c, { type: 'UserProfileChanged', data: { name: 'Carla Neri' } }),
      recorded(c, { type: 'UserPasswordChanged', data: { passwordHash: 'h1' } }),
      recorded(a, { type: 'UserPasswordChanged', data: { passwordHash: 'h2' } }),
    ]);
    expect(await row(a)).toEqual({ name: 'Nome', email: `y-${a.slice(0, 6)}@esempio.it`, password_hash: 'h2', session_version: 1 });
    expect(await row(b)).toEqual({ name: 'Nome', email: x, password_hash: 'h0', session_version: 0 });
    expect(await row(c)).toEqual({ name: 'Carla Neri', email: `c-${c.slice(0, 6)}@esempio.it`, password_hash: 'h1', session_version: 1 });
  });
});
