import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { PostgresEventStore } from './postgres.js';
import type { RecordedEvent } from './types.js';
import { upcasting } from './upcasting.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const metadata = () => ({ actorUserId: null, actorRole: null, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() });
/** Yesterday's shape had the price in euros; today's has it in cents. */
const priceInCents = (data: Record<string, unknown>) => ('price' in data ? { priceCents: Math.round((data.price as number) * 100), name: data.name } : data);

describe('reading events stored in an older shape', () => {
  it('gives every reader today’s shape and leaves the log as it was written', async () => {
    const raw = new PostgresEventStore(db.pool, db.url);
    const store = upcasting(raw, { PriceSet: priceInCents });
    const stream = `item-${randomUUID()}`;
    const head = await raw.headPosition();
    await raw.appendToStream(stream, [{ id: randomUUID(), type: 'PriceSet', data: { name: 'Pane', price: 2.35 }, metadata: metadata() }]);
    await store.appendToStream(stream, [
      { id: randomUUID(), type: 'PriceSet', data: { name: 'Pane', priceCents: 245 }, metadata: metadata() },
      { id: randomUUID(), type: 'Renamed', data: { name: 'Pane casereccio' }, metadata: metadata() },
    ]);
    const today = [{ name: 'Pane', priceCents: 235 }, { name: 'Pane', priceCents: 245 }, { name: 'Pane casereccio' }];

    expect((await store.readStream(stream)).map((e) => e.data)).toEqual(today);
    expect((await store.readStreams([{ streamId: stream }]))[0]!.map((e) => e.data)).toEqual(today);
    expect((await store.readAll({ from: head })).filter((e) => e.streamId === stream).map((e) => e.data)).toEqual(today);
    expect((await store.readLatest({ maxCount: 3 })).reverse().map((e) => e.data)).toEqual(today);
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll(
      async (events) => {
        seen.push(...events.filter((e) => e.streamId === stream));
      },
      { from: head },
    );
    await expect.poll(() => seen.length).toBe(3);
    await subscription.stop();
    expect(seen.map((e) => e.data)).toEqual(today);

    // The log itself still holds what was written.
    expect((await raw.readStream(stream))[0]!.data).toEqual({ name: 'Pane', price: 2.35 });
    await store.close();
  });
});
