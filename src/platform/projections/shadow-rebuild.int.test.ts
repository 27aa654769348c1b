import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useUserHistory } from '../../../tests/support/user-events.js';
import { comparePositions, START } from '../eventstore/position.js';
import type { Position, RecordedEvent } from '../eventstore/types.js';
import { ProjectionHost } from './host.js';
import { reading, eventTypesOf, type Projection } from './projection.js';
import { resetProjection } from './runner.js';
import { requestRebuild } from './shadow-rebuild.js';
import { usersProjection } from '../../modules/users/projection.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

const t = useUserHistory(600);

const snapshot = async () => (await t.db.pool.query('SELECT * FROM users ORDER BY id')).rows;
/** What the planner and the queries rely on besides the rows: indexes and extended statistics. */
const indexes = async () => ({
  indexes: (await t.db.pool.query("SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'users' ORDER BY indexname")).rows,
  statistics: (await t.db.pool.query("SELECT pg_get_statisticsobjdef(oid) AS definition FROM pg_statistic_ext WHERE stxrelid = 'public.users'::regclass")).rows,
});
const rebuildState = async () =>
  (await t.db.pool.query<{ position: Position; rebuild_position: Position | null }>("SELECT position, rebuild_position FROM projection_checkpoints WHERE name = 'users'")).rows[0]!;
const schemaExists = async () => (await t.db.pool.query("SELECT 1 FROM pg_namespace WHERE nspname = 'rebuild_users'")).rowCount === 1;

/** The users read model as a fresh in-place build from the log makes it. */
async function freshBuild(): Promise<unknown[]> {
  const client = await t.db.pool.connect();
  await resetProjection(client, usersProjection);
  client.release();
  const host = new ProjectionHost(t.store, t.db.pool, t.db.url, [usersProjection]);
  await host.start();
  expect(await host.waitFor(await t.store.headPosition(), hangAfter(20_000))).toBe(true);
  await host.stop();
  return snapshot();
}

/**
 * usersProjection, telling each batch applied to the rebuild's copy; `hold(n)` stops the copy at
 * its next batch once n have been applied, until released.
 */
function observed(): { projection: Projection; copied: RecordedEvent[][]; hold: (after?: number) => { reached: Promise<void>; release: () => void } } {
  let gate: { after: number; reached: () => void; released: Promise<void> } | null = null;
  const copied: RecordedEvent[][] = [];
  const projection: Projection = {
    ...usersProjection,
    apply: reading([...eventTypesOf(usersProjection)!], async (events, tx) => {
      const { rows } = await tx.query<{ schema: string }>('SELECT current_schema() AS schema');
      if (rows[0]!.schema === 'rebuild_users') {
        if (gate && copied.length >= gate.after) {
          gate.reached();
          await gate.released;
        }
        copied.push(events);
      }
      await usersProjection.apply(events, tx);
    }),
  };
  return {
    projection,
    copied,
    hold: (after = 0) => {
      let reached: () => void = () => {};
      let release: () => void = () => {};
      const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
      gate = { after, reached, released: new Promise((resolve) => (release = resolve)) };
      return {
        reached: reachedPromise,
        release: () => {
          gate = null;
          release();
        },
      };
    },
  };
}

async function register(username: string): Promise<Position> {
  const userId = randomUUID();
  const { position } = await t.store.appendToStream(`user-${userId}`, [
    {
      id: randomUUID(),
      type: 'UserRegistered',
      data: { userId, username, name: 'Nuova Cliente', email: `${username}@esempio.it`, role: 'customer', passwordHash: 'x' },
      metadata: { actorUserId: null, actorRole: null, correlationId: randomUUID(), causationId: null, at: new Date().toISOString() },
    },
  ]);
  return position;
}

describe('rebuild beside the live tables', () => {
  it('keeps the live read model whole and up to date meanwhile, then puts in its place one equal to a fresh build, indexes and all', async () => {
    const { projection, copied, hold } = observed();
    const host = new ProjectionHost(t.store, t.db.pool, t.db.url, [projection], { rebuildBatchSize: 100 });
    const changed: string[] = [];
    host.onReadModelChanged((name) => changed.push(name));
    await host.start();
    expect(await host.waitFor(await t.store.headPosition(), hangAfter(20_000))).toBe(true);
    await t.db.pool.query('CREATE STATISTICS users_role_status ON role, status FROM users');
    const before = await snapshot();
    const indexesBefore = await indexes();
    expect(before).toHaveLength(600);
    expect(indexesBefore.statistics).toContainEqual({ definition: 'CREATE STATISTICS public.users_role_status ON role, status FROM users' });
    // A search index (GIN): the copy builds it last, in one pass.
    expect(indexesBefore.indexes.map((i) => i.indexname)).toContain('users_admin_text');

    const { reached, release } = hold(3);
    await host.rebuild('users');
    await reached;
    // Half way: the site reads every user as before, and what happens now shows at once.
    expect(await schemaExists()).toBe(true);
    expect(await snapshot()).toEqual(before);
    const position = await register('arrivata-durante');
    expect(await host.waitFor(position, hangAfter(10_000))).toBe(true);
    expect((await t.db.pool.query("SELECT name FROM users WHERE username = 'arrivata-durante'")).rows).toEqual([{ name: 'Nuova Cliente' }]);
    const [status] = await host.status();
    expect(status).toMatchObject({ name: 'users', status: 'rebuilding', lag: 0 });
    expect(status!.progress).toBeGreaterThanOrEqual(0);
    expect(status!.progress).toBeLessThan(1);
    changed.length = 0;
    release();

    expect(await host.waitForRebuilds(hangAfter(20_000))).toBe(true);
    expect(changed).toContain('users');
    expect((await host.status())[0]).toMatchObject({ status: 'idle', progress: null, lag: 0 });
    expect(await schemaExists()).toBe(false);
    const rebuilt = await snapshot();
    expect(rebuilt).toHaveLength(601);
    expect(await indexes()).toEqual(indexesBefore);
    // Only the projection's own event types were read, in batches of up to 100, from the start.
    expect(copied.length).toBeGreaterThan(10);
    for (const batch of copied) expect(batch.length).toBeLessThanOrEqual(100);
    expect(copied.flat().every((e) => e.type.startsWith('User'))).toBe(true);
    // After the swap the live runner goes on writing the rebuilt tables.
    expect(await host.waitFor(await register('arrivata-dopo'), hangAfter(10_000))).toBe(true);
    expect((await t.db.pool.query("SELECT count(*)::int AS n FROM users WHERE username = 'arrivata-dopo'")).rows).toEqual([{ n: 1 }]);
    await host.stop();
    expect(await freshBuild()).toEqual(await snapshot());
  });

  it('is carried out by the process running the projection, and goes on from where a stopped one left it', async () => {
    const first = observed();
    const a = new ProjectionHost(t.store, t.db.pool, t.db.url, [first.projection], { rebuildBatchSize: 100 });
    await a.start();
    expect(await a.waitFor(await t.store.headPosition(), hangAfter(20_000))).toBe(true);
    // Asked from elsewhere (another process, here only the database): the host hears of it.
    const { reached, release } = first.hold(4);
    await requestRebuild(t.db.pool, usersProjection, { until: await t.store.headPosition(), total: await t.store.countAfter(START) });
    // A few batches committed, the process stops half way.
    await reached;
    const stopped = a.stop();
    release();
    await stopped;
    const left = await rebuildState();
    expect(left.rebuild_position).not.toBeNull();
    expect(comparePositions(left.rebuild_position!, START)).toBeGreaterThan(0);
    expect(comparePositions(left.rebuild_position!, left.position)).toBeLessThan(0);
    expect(await schemaExists()).toBe(true);

    const second = observed();
    const b = new ProjectionHost(t.store, t.db.pool, t.db.url, [second.projection], { rebuildBatchSize: 100 });
    await b.start();
    expect(await b.waitForRebuilds(hangAfter(20_000))).toBe(true);
    await b.stop();
    // It went on: nothing before the stored position was applied again.
    expect(comparePositions(second.copied[0]![0]!.position, left.rebuild_position!)).toBeGreaterThan(0);
    expect(await rebuildState()).toMatchObject({ rebuild_position: null });
    const rebuilt = await snapshot();
    expect(rebuilt.length).toBeGreaterThan(600);
    expect(await freshBuild()).toEqual(rebuilt);
  });

  it('starts over when asked again meanwhile; a new projection version drops a rebuild under way', async () => {
    const { projection, copied, hold } = observed();
    const host = new ProjectionHost(t.store, t.db.pool, t.db.url, [projection], { rebuildBatchSize: 100 });
    await host.start();
    const { reached, release } = hold(2);
    await host.rebuild('users');
    await reached;
    const firstRead = copied[0]![0]!.position;
    await host.rebuild('users');
    release();
    expect(await host.waitForRebuilds(hangAfter(20_000))).toBe(true);
    // Twice from the very first event: the second request sent the copy back to the start.
    expect(copied.filter((batch) => batch[0]!.position === firstRead).length).toBe(2);
    await host.stop();

    await requestRebuild(t.db.pool, usersProjection, { until: await t.store.headPosition(), total: 1 });
    const client = await t.db.pool.connect();
    await resetProjection(client, usersProjection);
    client.release();
    expect(await rebuildState()).toMatchObject({ position: START, rebuild_position: null });
    expect(await schemaExists()).toBe(false);
    await freshBuild();
  });
});
