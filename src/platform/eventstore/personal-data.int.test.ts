import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { pseudonymiseStoredClaims, uniqueOwner, uniqueStreamId } from '../commands/uniqueness.js';
import { ERASED, PersonalData, PersonalKeys, sealingPersonalData, type PersonalDataDeclaration } from './personal-data.js';
import { PostgresEventStore } from './postgres.js';
import { sealStoredEvents } from './seal-stored.js';
import type { EventStore, RecordedEvent } from './types.js';
import { upcasting } from './upcasting.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const metadata = (actorUserId: string | null = null) => ({ actorUserId, actorRole: null, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() });

const declarations: PersonalDataDeclaration = {
  Registered: { subject: 'userId', fields: [{ path: 'username', erased: 'unique' }, 'name', { path: 'email', erased: 'email' }, 'home'] },
  Ordered: [
    { subject: 'userId', fields: ['address', 'latitude', 'items[].note'] },
    { notPersonal: 'products', fields: ['items[].name'] },
  ],
  Published: { subject: 'reviewId', within: 'reviews[]', fields: ['comment'] },
  Seen: { subject: { actor: true }, fields: ['ipAddress'] },
  Renamed: { subject: { stream: 'person-' }, fields: ['name'] },
};

/** The row as stored: what the log holds, whoever reads it. */
const stored = async (eventId: string): Promise<unknown> => (await db.pool.query<{ data: unknown }>('SELECT data FROM es_events WHERE event_id = $1', [eventId])).rows[0]!.data;

describe('personal data sealed in the log by a key per person (issue [21])', () => {
  let raw: PostgresEventStore;
  let keys: PersonalKeys;
  let store: EventStore;
  beforeAll(() => {
    raw = new PostgresEventStore(db.pool, db.url);
    keys = new PersonalKeys(db.pool);
    store = sealingPersonalData(raw, new PersonalData(declarations), keys);
  });

  it('stores each declared value encrypted with its person’s key, and every reader reads it clear', async () => {
    const userId = randomUUID();
    const stream = `person-${userId}`;
    const head = await raw.headPosition();
    const registered = {
      id: randomUUID(),
      type: 'Registered',
      data: { userId, username: 'mario.rossi', name: 'Mario Rossi', email: 'mario@example.it', home: { street: 'Via Roma 1', zip: '00100' }, role: 'customer' },
      metadata: metadata(),
    };
    const ordered = {
      id: randomUUID(),
      type: 'Ordered',
      data: {
        userId,
        address: 'Via Roma 1',
        latitude: 41.9,
        items: [
          { name: 'Pane', note: 'ben cotto' },
          { name: 'Latte', note: '' },
        ],
        total: 350,
      },
      metadata: metadata(userId),
    };
    await store.appendToStream(stream, [registered, ordered]);

    const text = JSON.stringify([await stored(registered.id), await stored(ordered.id)]);
    for (const clear of ['mario.rossi', 'Mario Rossi', 'mario@example.it', 'Via Roma', '00100', '41.9', 'ben cotto']) expect(text).not.toContain(clear);
    // What is not personal stays readable in the log.
    expect(text).toContain('"role":"customer"');
    expect(text).toContain('"name":"Pane"');
    expect(text).toContain('"total":350');
    // The caller's events were not changed.
    expect(registered.data.name).toBe('Mario Rossi');

    const clear = [registered.data, ordered.data];
    expect((await store.readStream(stream)).map((e) => e.data)).toEqual(clear);
    expect((await store.readStreams([{ streamId: stream }, { streamId: stream, fromRevision: 1 }])).map((events) => events.map((e) => e.data))).toEqual([clear, [ordered.data]]);
    expect((await store.readAll({ from: head })).filter((e) => e.streamId === stream).map((e) => e.data)).toEqual(clear);
    expect((await store.readLatest({ maxCount: 2 })).reverse().map((e) => e.data)).toEqual(clear);
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll(
      async (events) => {
        seen.push(...events.filter((e) => e.streamId === stream));
        if (seen.length === 2) void subscription.stop();
      },
      { from: head },
    );
    await subscription.done;
    expect(seen.map((e) => e.data)).toEqual(clear);
  });

  it('once the person is erased, reads the same shape with none of their data; others are untouched', async () => {
    const [userId, otherId] = [randomUUID(), randomUUID()];
    const events = (id: string) => [
      {
        id: randomUUID(),
        type: 'Registered',
        data: { userId: id, username: `u${id.slice(0, 6)}`, name: 'Anna Bianchi', email: 'anna@example.it', home: { street: 'Via Po 2', zip: '10100' } },
        metadata: metadata(),
      },
      { id: randomUUID(), type: 'Ordered', data: { userId: id, address: 'Via Po 2', latitude: 45.07, items: [{ name: 'Pane', note: 'senza sale' }] }, metadata: metadata(id) },
      { id: randomUUID(), type: 'Seen', data: { ipAddress: '203.0.113.7' }, metadata: metadata(id) },
      { id: randomUUID(), type: 'Renamed', data: { name: 'Anna B.' }, metadata: metadata(id) },
    ];
    await store.appendToStream(`person-${userId}`, events(userId));
    await store.appendToStream(`person-${otherId}`, events(otherId));

    await keys.erase(userId);
    expect((await store.readStream(`person-${userId}`)).map((e) => e.data)).toEqual([
      { userId, username: `cancellato-${userId}`, name: ERASED, email: `cancellato-${userId}@utenti.invalid`, home: { street: ERASED, zip: ERASED } },
      { userId, address: ERASED, latitude: 0, items: [{ name: 'Pane', note: ERASED }] },
      { ipAddress: ERASED },
      { name: ERASED },
    ]);
    expect((await store.readStream(`person-${otherId}`))[0]!.data).toMatchObject({ name: 'Anna Bianchi', email: 'anna@example.it' });

    // Another process's keys, read from the database, know it too; no new key is made for them.
    const elsewhere = sealingPersonalData(raw, new PersonalData(declarations), new PersonalKeys(db.pool));
    expect((await elsewhere.readStream(`person-${userId}`))[0]!.data).toMatchObject({ name: ERASED });
    const later = { id: randomUUID(), type: 'Renamed', data: { name: 'Anna di nuovo' }, metadata: metadata(userId) };
    await elsewhere.appendToStream(`person-${userId}`, [later]);
    expect(JSON.stringify(await stored(later.id))).not.toContain('Anna di nuovo');
    expect((await store.readStream(`person-${userId}`)).at(-1)!.data).toEqual({ name: ERASED });
    const { rows } = await db.pool.query('SELECT key, erased_at FROM personal_data_keys WHERE subject_id = $1', [userId]);
    expect(rows).toEqual([{ key: null, erased_at: expect.any(Date) }]);
  });

  it('keeps each element of an array under its own person, and seals appends to several streams at once', async () => {
    const [kept, erased] = [randomUUID(), randomUUID()];
    const published = {
      id: randomUUID(),
      type: 'Published',
      data: {
        reviews: [
          { reviewId: kept, comment: 'Ottimo servizio', rating: 5 },
          { reviewId: erased, comment: 'Gentilissimi', rating: 4 },
        ],
      },
      metadata: metadata(),
    };
    const other = { id: randomUUID(), type: 'Seen', data: { ipAddress: '198.51.100.1' }, metadata: metadata(kept) };
    await store.appendToStreams!([
      { streamId: `review-${randomUUID()}`, events: [published] },
      { streamId: `visit-${randomUUID()}`, events: [other] },
    ]);
    expect(JSON.stringify(await stored(published.id))).not.toMatch(/Ottimo|Gentilissimi/);
    expect(JSON.stringify(await stored(other.id))).not.toContain('198.51.100.1');
    await keys.erase(erased);
    const [read] = (await store.readAll({ types: ['Published'] })).filter((e) => e.id === published.id);
    expect(read!.data).toEqual({
      reviews: [
        { reviewId: kept, comment: 'Ottimo servizio', rating: 5 },
        { reviewId: erased, comment: ERASED, rating: 4 },
      ],
    });
  });

  it('seals what an older Vicino stored in clear, once per declaration, through the upcasters, and leaves the rest of the event as it was', async () => {
    const userId = randomUUID();
    const stream = `person-${userId}`;
    // An older shape (`fullName`), stored in clear before the fields were declared personal.
    await raw.appendToStream(stream, [
      { id: randomUUID(), type: 'Registered', data: { userId, username: 'vecchio', fullName: 'Luigi Verdi', email: 'luigi@example.it' }, metadata: metadata() },
      { id: randomUUID(), type: 'Renamed', data: { name: 'Luigi V.' }, metadata: metadata(userId) },
    ]);
    const before = await db.pool.query('SELECT global_position, event_id, stream_id, revision, metadata FROM es_events WHERE stream_id = $1 ORDER BY revision', [stream]);
    const upcasters = {
      Registered: (data: Record<string, unknown>) => ('fullName' in data ? { userId: data.userId, username: data.username, name: data.fullName, email: data.email } : data),
    };
    const sealedNow = await sealStoredEvents(db.pool, new PersonalData(declarations), keys, upcasters);
    expect(sealedNow).toBeGreaterThanOrEqual(2);
    const rows = await db.pool.query<{ data: unknown }>('SELECT data FROM es_events WHERE stream_id = $1 ORDER BY revision', [stream]);
    expect(JSON.stringify(rows.rows)).not.toMatch(/Luigi|luigi@|vecchio/);
    expect((await db.pool.query('SELECT global_position, event_id, stream_id, revision, metadata FROM es_events WHERE stream_id = $1 ORDER BY revision', [stream])).rows).toEqual(
      before.rows,
    );
    const reader = upcasting(store, upcasters);
    expect((await reader.readStream(stream)).map((e) => e.data)).toEqual([{ userId, username: 'vecchio', name: 'Luigi Verdi', email: 'luigi@example.it' }, { name: 'Luigi V.' }]);
    // Done once: nothing left to seal until a declaration changes.
    expect(await sealStoredEvents(db.pool, new PersonalData(declarations), keys, upcasters)).toBe(0);
    const more = { ...declarations, Seen: { subject: { actor: true }, fields: ['ipAddress', 'userAgent'] } } as PersonalDataDeclaration;
    await raw.appendToStream(`visit-${randomUUID()}`, [{ id: randomUUID(), type: 'Seen', data: { ipAddress: '192.0.2.9', userAgent: 'Firefox' }, metadata: metadata(userId) }]);
    expect(await sealStoredEvents(db.pool, new PersonalData(more), keys, upcasters)).toBeGreaterThanOrEqual(1);
    const { rows: seen } = await db.pool.query<{ data: unknown }>("SELECT data FROM es_events WHERE type = 'Seen'");
    expect(JSON.stringify(seen)).not.toMatch(/192\.0\.2\.9|Firefox|203\.0\.113|198\.51\.100/);
  });
});

describe('unique values that are a person’s (issue [21])', () => {
  it('are claimed in a stream named by their hash; a claim an older Vicino named by the value is renamed once, and still found', async () => {
    const store = new PostgresEventStore(db.pool, db.url);
    const ownerId = randomUUID();
    const email = `Vecchio.${ownerId.slice(0, 6)}@Esempio.it`;
    await store.appendToStream(`unique-email-${email.toLowerCase()}`, [
      { id: randomUUID(), type: 'UniqueValueClaimed', data: { kind: 'email', value: email.toLowerCase(), ownerId }, metadata: metadata() },
    ]);
    expect(await pseudonymiseStoredClaims(db.pool)).toBeGreaterThanOrEqual(1);
    expect(await pseudonymiseStoredClaims(db.pool)).toBe(0);
    const { rows } = await db.pool.query("SELECT stream_id FROM es_streams WHERE stream_id LIKE 'unique-email-%'");
    expect(rows.map((r) => r.stream_id as string).filter((id) => id.includes('esempio'))).toEqual([]);
    expect(uniqueStreamId('email', email)).toMatch(/^unique-email-sha256-[0-9a-f]{64}$/);
    expect(await uniqueOwner(store, 'email', email)).toBe(ownerId);
    expect(uniqueStreamId('slug', 'Forno-Rossi')).toBe('unique-slug-forno-rossi');
  });
});
