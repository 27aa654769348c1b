import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { exportEvents } from './export.js';
import { PostgresEventStore } from './postgres.js';

let db: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool, db.url);
});
afterAll(async () => {
  await store.close();
  await db.drop();
});

const meta = { actorUserId: null, actorRole: null, correlationId: randomUUID(), causationId: null, at: '2026-11-22T10:00:00.000Z' };

it('exports the log as NDJSON from a position, by type, with secrets masked', async () => {
  const first = await store.appendToStream('user-a', [{ id: randomUUID(), type: 'UserRegistered', data: { username: 'a', passwordHash: 'scrypt$segreto' }, metadata: meta }]);
  await store.appendToStream('user-b', [
    { id: randomUUID(), type: 'UserRegistered', data: { username: 'b', passwordHash: 'scrypt$altro' }, metadata: meta },
    { id: randomUUID(), type: 'UserSuspended', data: { reason: 'x' }, metadata: meta },
  ]);
  const lines: string[] = [];
  expect(await exportEvents(store, {}, (l) => void lines.push(l))).toBe(3);
  expect(lines.join('')).not.toContain('segreto');
  const parsed = lines.map((l) => JSON.parse(l));
  expect(parsed[0]).toMatchObject({ streamId: 'user-a', revision: 0, type: 'UserRegistered', data: { username: 'a', passwordHash: '[riservato]' }, metadata: meta });
  const later: string[] = [];
  await exportEvents(store, { from: first.position, types: ['UserSuspended'] }, (l) => void later.push(l));
  expect(later.map((l) => JSON.parse(l).type)).toEqual(['UserSuspended']);
});
