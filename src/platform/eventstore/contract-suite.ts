import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WrongExpectedVersion } from './errors.js';
import { comparePositions } from './position.js';
import type { EventMetadata, EventStore, NewEvent, Position, RecordedEvent } from './types.js';

const metadata = (over: Partial<EventMetadata> = {}): EventMetadata => ({
  actorUserId: null,
  actorRole: null,
  correlationId: randomUUID(),
  causationId: null,
  at: new Date().toISOString(),
  ...over,
});

const event = (type: string, data: unknown = {}, meta?: Partial<EventMetadata>): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: metadata(meta),
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** Collects what a subscription delivers for the given streams. */
function collect(store: EventStore, from: Position, streams: Set<string>) {
  const seen: RecordedEvent[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const subscription = store.subscribeToAll(
    async (events) => {
      seen.push(...events.filter((e) => streams.has(e.streamId)));
      for (const w of waiting) if (seen.length >= w.count) w.resolve();
    },
    { from },
  );
  /** Resolves once `count` events arrived; rejects when the subscription ends before. */
  const received = (count: number) =>
    new Promise<void>((resolve, reject) => {
      if (seen.length >= count) return resolve();
      waiting.push({ count, resolve });
      subscription.done.then(() => reject(new Error(`subscription ended after ${seen.length} of ${count} events`)), reject);
    });
  return { seen, subscription, received };
}

/**
 * The behaviour every event store adapter must have (design §1). Run against PostgreSQL always
 * and against EventStoreDB whenever EVENTSTORE_CONNECTION_STRING is set.
 */
export function eventStoreContract(name: string, open: () => Promise<{ store: EventStore; close: () => Promise<void> }>) {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let close: () => Promise<void>;
    const stream = (label: string) => `${label}-${randomUUID()}`;

    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(async () => {
      await close?.();
    });

    it('appends with no_stream only to a stream that does not exist', async () => {
      const id = stream('nostream');
      const first = await store.appendToStream(id, [event('A')], { expectedRevision: 'no_stream' });
      expect(first.nextExpectedRevision).toBe(0);
      const error = await rejection(store.appendToStream(id, [event('B')], { expectedRevision: 'no_stream' }));
      expect(error).toBeInstanceOf(WrongExpectedVersion);
      expect((error as WrongExpectedVersion).actual).toBe(0);
    });

    it('appends with stream_exists only to a stream that exists', async () => {
      const id = stream('exists');
      const error = await rejection(store.appendToStream(id, [event('A')], { expectedRevision: 'stream_exists' }));
      expect(error).toBeInstanceOf(WrongExpectedVersion);
      expect((error as WrongExpectedVersion).actual).toBe(-1);
      await store.appendToStream(id, [event('A')], { expectedRevision: 'any' });
      const next = await store.appendToStream(id, [event('B')], { expectedRevision: 'stream_exists' });
      expect(next.nextExpectedRevision).toBe(1);
    });

    it('appends with an exact revision and reports the actual one when it is wrong', async () => {
      const id = stream('exact');
      await store.appendToStream(id, [event('A'), event('B')], { expectedRevision: 'no_stream' });
      const ok = await store.appendToStream(id, [event('C')], { expectedRevision: 1 });
      expect(ok.nextExpectedRevision).toBe(2);
      const error = await rejection(store.appendToStream(id, [event('D')], { expectedRevision: 1 }));
      expect(error).toBeInstanceOf(WrongExpectedVersion);
      expect(error).toMatchObject({ streamId: id, expected: 1, actual: 2 });
    });

    it('appends with any whatever the stream holds', async () => {
      const id = stream('any');
      expect((await store.appendToStream(id, [event('A')])).nextExpectedRevision).toBe(0);
      expect((await store.appendToStream(id, [event('B'), event('C')])).nextExpectedRevision).toBe(2);
    });

    it('stores the same event ids once when they are appended again', async () => {
      const id = stream('idem');
      const batch = [event('A', { n: 1 }), event('B', { n: 2 })];
      const first = await store.appendToStream(id, batch, { expectedRevision: 'no_stream' });
      const again = await store.appendToStream(id, batch, { expectedRevision: 'no_stream' });
      expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
      expect(again.position).toBe(first.position);
      // A store that tells says which answer stored the events.
      if (first.alreadyStored !== undefined) expect([first.alreadyStored, again.alreadyStored]).toEqual([false, true]);
      const events = await store.readStream(id);
      expect(events.map((e) => e.id)).toEqual(batch.map((e) => e.id));
    });

    it('stores one event once when it is appended again, with its revision passed or with any', async () => {
      const id = stream('idem-one');
      const one = event('A', { n: 1 });
      const first = await store.appendToStream(id, [one], { expectedRevision: 'no_stream' });
      const again = await store.appendToStream(id, [one], { expectedRevision: 'no_stream' });
      const anyAgain = await store.appendToStream(id, [one]);
      expect([again.nextExpectedRevision, anyAgain.nextExpectedRevision]).toEqual([first.nextExpectedRevision, first.nextExpectedRevision]);
      expect([again.position, anyAgain.position]).toEqual([first.position, first.position]);
      if (first.alreadyStored !== undefined) expect([first.alreadyStored, again.alreadyStored, anyAgain.alreadyStored]).toEqual([false, true, true]);
      // Its id in another stream, or beside a new one, is a refusal, not a repeat.
      await expect(store.appendToStream(stream('idem-other'), [one])).rejects.toBeInstanceOf(WrongExpectedVersion);
      await expect(store.appendToStream(id, [one, event('B')])).rejects.toBeInstanceOf(WrongExpectedVersion);
      expect((await store.readStream(id)).map((e) => e.id)).toEqual([one.id]);
    });

    it('reads a stream forwards and backwards, from a revision, with a limit', async () => {
      const id = stream('read');
      await store.appendToStream(
        id,
        [0, 1, 2, 3, 4].map((n) => event('N', { n })),
      );
      const forwards = await store.readStream(id);
      expect(forwards.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
      expect(forwards.map((e) => (e.data as { n: number }).n)).toEqual([0, 1, 2, 3, 4]);
      const backwards = await store.readStream(id, { direction: 'backwards', maxCount: 2 });
      expect(backwards.map((e) => e.revision)).toEqual([4, 3]);
      const middle = await store.readStream(id, { fromRevision: 2, maxCount: 2 });
      expect(middle.map((e) => e.revision)).toEqual([2, 3]);
      const fromBack = await store.readStream(id, { direction: 'backwards', fromRevision: 1 });
      expect(fromBack.map((e) => e.revision)).toEqual([1, 0]);
      expect(await store.readStream(stream('missing'))).toEqual([]);
    });

    it('appends to several streams at once where it can: all or none, each with its expected revision', async (test) => {
      if (!store.appendToStreams) return test.skip();
      const a = stream('together-a');
      const b = stream('together-b');
      await store.appendToStream(a, [event('N', { n: 0 })]);
      const answers = await store.appendToStreams([
        { streamId: a, events: [event('N', { n: 1 }), event('N', { n: 2 })], expectedRevision: 0 },
        { streamId: b, events: [event('N', { n: 0 })], expectedRevision: 'no_stream' },
      ]);
      expect(answers.map((r) => r.nextExpectedRevision)).toEqual([2, 0]);
      expect(answers.map((r) => r.alreadyStored)).toEqual([false, false]);
      expect((await store.readStream(b))[0]!.position).toBe(answers[1]!.position);

      // One stream moved: nothing is stored in either, and the refusal names it.
      const refused = store.appendToStreams([
        { streamId: b, events: [event('N', { n: 1 })], expectedRevision: 0 },
        { streamId: a, events: [event('N', { n: 3 })], expectedRevision: 1 },
      ]);
      await expect(refused).rejects.toBeInstanceOf(WrongExpectedVersion);
      await expect(refused).rejects.toMatchObject({ streamId: a, actual: 2 });
      expect((await store.readStream(a)).length).toBe(3);
      expect((await store.readStream(b)).length).toBe(1);

      // The same event ids again answer as the first append did.
      const again = [event('N', { n: 4 })];
      const first = await store.appendToStreams([{ streamId: a, events: again, expectedRevision: 2 }]);
      const repeat = await store.appendToStreams([{ streamId: a, events: again, expectedRevision: 2 }]);
      expect(repeat).toEqual([{ ...first[0], alreadyStored: true }]);
      expect((await store.readStream(a)).length).toBe(4);
    });

    it('reads several streams at once, each from its revision, one answer per read in the order asked', async () => {
      const a = stream('many-a');
      const b = stream('many-b');
      await store.appendToStream(
        a,
        [0, 1, 2].map((n) => event('N', { n })),
      );
      await store.appendToStream(
        b,
        [0, 1].map((n) => event('N', { n })),
      );
      const deleted = stream('many-deleted');
      await store.appendToStream(deleted, [event('N', { n: 0 })]);
      await store.deleteStream(deleted);
      const answers = await store.readStreams([
        { streamId: b, fromRevision: 1 },
        { streamId: stream('many-missing') },
        { streamId: a },
        { streamId: deleted },
        { streamId: a, fromRevision: 3 },
      ]);
      expect(answers.map((events) => events.map((e) => `${e.streamId === a ? 'a' : 'b'}${e.revision}`))).toEqual([['b1'], [], ['a0', 'a1', 'a2'], [], []]);
      expect((answers[2]![1]!.data as { n: number }).n).toBe(1);
      expect(await store.readStreams([])).toEqual([]);
    });

    it('reads the latest events of the log, newest first, leaving out the types named', async () => {
      const a = stream('latest');
      await store.appendToStream(a, [event('Kept', { n: 1 }), event('Skipped', { n: 2 }), event('Kept', { n: 3 })]);
      await store.appendToStream(a, [event('Kept', { n: 4 })]);
      const latest = await store.readLatest({ maxCount: 3, exceptTypes: ['Skipped'] });
      expect(latest.map((e) => (e.data as { n: number }).n)).toEqual([4, 3, 1]);
      expect(latest.every((e) => e.streamId === a)).toBe(true);
      const newest = await store.readLatest({ maxCount: 1 });
      expect(newest.map((e) => e.position)).toEqual([await store.headPosition()]);
    });

    it('reads the whole log in order from a position', async () => {
      const head = await store.headPosition();
      const a = stream('all-a');
      const b = stream('all-b');
      await store.appendToStream(a, [event('A1')]);
      const middle = await store.appendToStream(b, [event('B1'), event('B2')]);
      await store.appendToStream(a, [event('A2')]);
      const mine = new Set([a, b]);
      const all = (await store.readAll({ from: head, maxCount: 10_000 })).filter((e) => mine.has(e.streamId));
      expect(all.map((e) => e.type)).toEqual(['A1', 'B1', 'B2', 'A2']);
      for (let i = 1; i < all.length; i++) expect(comparePositions(all[i - 1]!.position, all[i]!.position)).toBe(-1);
      const after = (await store.readAll({ from: middle.position, maxCount: 10_000 })).filter((e) => mine.has(e.streamId));
      expect(after.map((e) => e.type)).toEqual(['A2']);
      expect(comparePositions(await store.headPosition(), middle.position)).toBeGreaterThan(0);
      expect(await store.countAfter(middle.position)).toBeGreaterThanOrEqual(1);
    });

    it('reads only the asked event types, up to a position', async () => {
      const head = await store.headPosition();
      const a = stream('types-a');
      const b = stream('types-b');
      await store.appendToStream(a, [event('Wanted', { n: 1 }), event('Other', { n: 2 })]);
      const middle = await store.appendToStream(b, [event('Other', { n: 3 }), event('Wanted', { n: 4 })]);
      await store.appendToStream(a, [event('Wanted', { n: 5 }), event('Also', { n: 6 })]);
      const mine = new Set([a, b]);
      const read = async (options: Parameters<EventStore['readAll']>[0]) =>
        (await store.readAll(options)).filter((e) => mine.has(e.streamId)).map((e) => (e.data as { n: number }).n);
      expect(await read({ from: head, types: ['Wanted'], maxCount: 10_000 })).toEqual([1, 4, 5]);
      expect(await read({ from: head, types: ['Wanted', 'Also'], maxCount: 10_000 })).toEqual([1, 4, 5, 6]);
      // Up to and including the position; what comes after is left for the next read.
      expect(await read({ from: head, until: middle.position, types: ['Wanted'], maxCount: 10_000 })).toEqual([1, 4]);
      expect(await read({ from: head, until: middle.position, maxCount: 10_000 })).toEqual([1, 2, 3, 4]);
      expect(await read({ from: middle.position, types: ['Wanted', 'Other'], maxCount: 10_000 })).toEqual([5]);
      // maxCount counts only the events returned.
      const [first] = await store.readAll({ from: head, types: ['Wanted'], maxCount: 1 });
      expect(first).toMatchObject({ streamId: a, type: 'Wanted' });
      expect(await read({ from: head, types: ['Nessuno'], maxCount: 10 })).toEqual([]);
    });

    it('subscribes to the whole log: catches up, then delivers live events', async () => {
      const head = await store.headPosition();
      const id = stream('sub');
      await store.appendToStream(id, [event('Old1'), event('Old2')]);
      const { seen, subscription, received } = collect(store, head, new Set([id]));
      // Caught up first: the events written before it started...
      await received(2);
      expect(seen.map((e) => e.type)).toEqual(['Old1', 'Old2']);
      // ...then live: events written only now must still arrive.
      await store.appendToStream(id, [event('New1')]);
      await store.appendToStream(id, [event('New2')]);
      await received(4);
      await subscription.stop();
      expect(seen.map((e) => e.type)).toEqual(['Old1', 'Old2', 'New1', 'New2']);
    });

    it('deletes a stream: it reads as empty and a later append starts after its last revision', async () => {
      const id = stream('delete');
      await store.appendToStream(id, [event('A'), event('B')]);
      await store.deleteStream(id, { expectedRevision: 1 });
      expect(await store.readStream(id)).toEqual([]);
      const again = await store.appendToStream(id, [event('C')]);
      expect(again.nextExpectedRevision).toBe(2);
      expect((await store.readStream(id)).map((e) => e.type)).toEqual(['C']);
    });

    it('round-trips event metadata', async () => {
      const id = stream('meta');
      const meta = {
        actorUserId: randomUUID(),
        actorRole: 'shopkeeper',
        correlationId: randomUUID(),
        causationId: randomUUID(),
        at: '2026-11-22T10:15:30.123Z',
      };
      const written = event('WithMeta', { text: 'Caffè è già pronto' }, meta);
      await store.appendToStream(id, [written]);
      const [read] = await store.readStream(id);
      expect(read).toMatchObject({ id: written.id, type: 'WithMeta', streamId: id, revision: 0 });
      expect(read!.data).toEqual({ text: 'Caffè è già pronto' });
      expect(read!.metadata).toEqual(meta);
    });

    it('keeps 20 racing writers contiguous: no duplicates, every loser told why', async () => {
      const id = stream('race');
      await store.appendToStream(id, [event('Start')], { expectedRevision: 'no_stream' });
      const losses: WrongExpectedVersion[] = [];
      const writer = async (n: number): Promise<void> => {
        for (;;) {
          const [last] = await store.readStream(id, { direction: 'backwards', maxCount: 1 });
          try {
            await store.appendToStream(id, [event('Write', { n })], { expectedRevision: last!.revision });
            return;
          } catch (error) {
            if (!(error instanceof WrongExpectedVersion)) throw error;
            expect(error.actual).toBeGreaterThan(last!.revision);
            losses.push(error);
          }
        }
      };
      await Promise.all(Array.from({ length: 20 }, (_, n) => writer(n)));
      const events = await store.readStream(id);
      expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 21 }, (_, i) => i));
      const writers = events.slice(1).map((e) => (e.data as { n: number }).n);
      expect(new Set(writers).size).toBe(20);
      expect(losses.length).toBeGreaterThan(0);
    });
  });
}
