import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { systemContext } from '../domain/context.js';
import type { Decider, DomainEvent } from '../domain/decider.js';
import { PostgresEventStore } from '../eventstore/postgres.js';
import { cachedState, handleCommand, loadState } from './handle-command.js';

type Added = DomainEvent<'Added', { n: number }>;
const counter: Decider<{ n: number }, Added, number> = {
  initialState: 0,
  decide: (command) => [{ type: 'Added', data: { n: command.n } }],
  evolve: (total, event) => total + event.data.n,
};

const databases: TestDatabase[] = [];
const stores: PostgresEventStore[] = [];
beforeAll(async () => {
  for (let i = 0; i < 2; i++) {
    const db = await createTestDatabase();
    databases.push(db);
    stores.push(new PostgresEventStore(db.pool, db.url));
  }
});
afterAll(async () => {
  for (const store of stores) await store.close();
  for (const db of databases) await db.drop();
});

describe('folded states kept in memory (cacheAs)', () => {
  it('are kept per store: the same stream id in another database is read from there, never from the first one’s fold', async () => {
    const [first, second] = stores as [PostgresEventStore, PostgresEventStore];
    // The same id in both, as in two databases copied from one seed.
    const streamId = 'counter-shared';
    for (const n of [1, 2, 3]) await handleCommand(first, streamId, counter, { n }, systemContext(), { cacheAs: 'counter' });
    expect(cachedState(first, streamId, 'counter')).toBe(6);
    expect(cachedState(second, streamId, 'counter')).toBeUndefined();

    // One attempt only: a fold of the other store would expect its revision and be refused.
    const added = await handleCommand(second, streamId, counter, { n: 10 }, systemContext(), { cacheAs: 'counter', attempts: 1 });
    expect(added.state).toBe(10);
    expect(await loadState(second, streamId, counter, 'counter')).toEqual({ state: 10, revision: 0 });
    expect(await loadState(first, streamId, counter, 'counter')).toEqual({ state: 6, revision: 2 });
  });
});
