import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { eventStoreContract } from './contract-suite.js';
import { PostgresEventStore } from './postgres.js';
import type { RecordedEvent } from './types.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

eventStoreContract('postgres', async () => {
  const store = new PostgresEventStore(db.pool, db.url);
  return { store, close: () => store.close() };
});

describe('postgres event store ordering', () => {
  it('delivers an event committed late by a long transaction, never skipping it', async () => {
    const store = new PostgresEventStore(db.pool, db.url, 20);
    const head = await store.headPosition();
    const stream = `late-${randomUUID()}`;
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll(
      async (events) => {
        seen.push(...events.filter((e) => e.streamId.startsWith(stream)));
      },
      { from: head },
    );

    const long = await db.pool.connect();
    await long.query('BEGIN');
    await long.query('SELECT pg_current_xact_id()');
    const meta = JSON.stringify({ actorUserId: null, actorRole: null, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() });
    // The long transaction takes the older transaction id but writes after a later one commits.
    await store.appendToStream(`${stream}-b`, [{ id: randomUUID(), type: 'Later', data: {}, metadata: JSON.parse(meta) }]);
    await new Promise((r) => setTimeout(r, 150));
    expect(seen.map((e) => e.type)).toEqual([]);
    await long.query('SELECT * FROM es_append($1, $2, $3::uuid[], $4::text[], $5::json[], $6::json[])', [`${stream}-a`, 'any', [randomUUID()], ['Earlier'], ['{}'], [meta]]);
    await long.query('COMMIT');
    long.release();

    for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    await subscription.stop();
    await store.close();
    expect(seen.map((e) => e.type)).toEqual(['Earlier', 'Later']);
  });
});

describe('postgres event store appends', () => {
  it('tells an append that stored its events from a repeat answered with the first one’s', async () => {
    const store = new PostgresEventStore(db.pool, db.url);
    const streamId = `repeat-${randomUUID()}`;
    const events = [{ id: randomUUID(), type: 'Prova', data: {}, metadata: {} as RecordedEvent['metadata'] }];
    const first = await store.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
    const again = await store.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
    const next = await store.appendToStream(streamId, [{ ...events[0]!, id: randomUUID() }], { expectedRevision: 0 });
    expect([first.alreadyStored, again.alreadyStored, next.alreadyStored]).toEqual([false, true, false]);
    await store.close();
  });

  it('tells the events committed with one: an append to several streams, not the appends before or after', async () => {
    const store = new PostgresEventStore(db.pool, db.url);
    const event = (type: string) => ({ id: randomUUID(), type, data: {}, metadata: {} as RecordedEvent['metadata'] });
    const [a, b] = [`commit-a-${randomUUID()}`, `commit-b-${randomUUID()}`];
    const before = await store.appendToStream(a, [event('Prima')]);
    const [first, second] = await store.appendToStreams([
      { streamId: a, events: [event('Accettata'), event('Annotata')] },
      { streamId: b, events: [event('Sbloccato')] },
    ]);
    await store.appendToStream(b, [event('Dopo')]);
    const together = await store.commitOf(first!.position);
    expect(together.map((e) => e.type)).toEqual(['Accettata', 'Annotata', 'Sbloccato']);
    expect(together.at(-1)!.position).toBe(second!.position);
    expect(await store.commitOf(second!.position)).toEqual(together);
    expect((await store.commitOf(before.position)).map((e) => e.type)).toEqual(['Prima']);
    await store.close();
  });
});
