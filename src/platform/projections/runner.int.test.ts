import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { appendUserHistory, useUserHistory } from '../../../tests/support/user-events.js';
import { correctionStreamOf, eventCorrected, type EventCorrection } from '../eventstore/corrections.js';
import { comparePositions } from '../eventstore/position.js';
import type { Position } from '../eventstore/types.js';
import { ProjectionHost } from './host.js';
import { byEventType, eventTypesOf, reading, type Projection } from './projection.js';
import { ProjectionRunner, resetProjection } from './runner.js';
import { usersProjection } from '../../modules/users/projection.js';
import { hangAfter } from '../../../tests/support/time-limits.js';
import { startReadModelWorker } from '../processes/wake.js';

const t = useUserHistory(600);

const snapshot = async () => (await t.db.pool.query('SELECT * FROM users ORDER BY id')).rows;

async function checkpoint(name: string): Promise<{ position: Position; last_error: string | null } | undefined> {
  const { rows } = await t.db.pool.query('SELECT position, last_error FROM projection_checkpoints WHERE name = $1', [name]);
  return rows[0];
}

/** Runs `projection` in this process until it has applied the whole log. */
async function runToHead(projection: Projection, options: { batchSize?: number } = {}): Promise<void> {
  const head = await t.store.headPosition();
  const runner = new ProjectionRunner(t.store, t.db.url, projection, { standbyRetryMs: 100, ...options });
  const done = new Promise<void>((resolve) => runner.on('progress', (position) => comparePositions(position, head) >= 0 && resolve()));
  runner.start();
  await done;
  await runner.stop();
}

/** Empties the users read model and takes its checkpoint back to the start, as a rebuild begins. */
async function resetUsers(): Promise<void> {
  const client = await t.db.pool.connect();
  await resetProjection(client, usersProjection);
  client.release();
}

/** The users read model holds all 600 users, row for row what a fresh rebuild from the start makes. */
async function expectAsAFreshRebuild(): Promise<void> {
  const now = await snapshot();
  expect(now.length).toBe(600);
  await resetUsers();
  await runToHead(usersProjection);
  expect(await snapshot()).toEqual(now);
}

describe('projection runner', () => {
  it('recovers from a transient error thrown mid-batch: the read model equals a fresh rebuild', async () => {
    let failures = 0;
    // What the checkpoint said when the runner came back after each failure (health shows it).
    const recorded: (string | null)[] = [];
    const flaky: Projection = {
      ...usersProjection,
      async apply(events, tx) {
        if (recorded.length < failures) {
          const { rows } = await tx.query('SELECT last_error FROM projection_checkpoints WHERE name = $1', [usersProjection.name]);
          recorded.push(rows[0].last_error);
        }
        const half = Math.floor(events.length / 2);
        await usersProjection.apply(events.slice(0, half), tx);
        if (failures < 2 && (await tx.query('SELECT count(*)::int AS n FROM users')).rows[0].n > 150) {
          failures++;
          // A fault of the moment (here a deadlock), not of the events: the batch is tried again whole.
          await tx.query("DO $$ BEGIN RAISE EXCEPTION 'guasto simulato a metà del lotto' USING ERRCODE = '40P01'; END $$");
        }
        await usersProjection.apply(events.slice(half), tx);
      },
    };
    await runToHead(flaky, { batchSize: 100 });
    expect(failures).toBe(2);
    expect(recorded).toEqual(['guasto simulato a metà del lotto', 'guasto simulato a metà del lotto']);
    // The next good batch cleared it.
    expect((await checkpoint(usersProjection.name))!.last_error).toBeNull();
    await expectAsAFreshRebuild();
  });

  it('stops just before an event it cannot apply, alone: what came before is applied, the event is kept for the admin, and a fix lets it go on', async () => {
    await resetUsers();
    const all = await t.store.readAll({ maxCount: 10_000 });
    const poison = all.filter((e) => e.type === 'UserRegistered')[250]!;
    const before = all[all.indexOf(poison) - 1]!;
    // A projection that cannot hold what this one event says (as an integer column cannot hold 2^31).
    const failing: Projection = {
      ...usersProjection,
      apply: reading([...eventTypesOf(usersProjection)!], async (events, tx) => {
        await usersProjection.apply(events, tx);
        if (events.some((e) => e.id === poison.id)) await tx.query('SELECT 2147483648::int');
      }),
    };
    const host = new ProjectionHost(t.store, t.db.pool, t.db.url, [failing], { standbyRetryMs: 100, batchSize: 100 });
    await host.start();
    // A writer waiting for the read model is answered at once, not at the end of its wait.
    expect(await host.waitFor(await t.store.headPosition(), hangAfter(120_000))).toBe(false);
    const [status] = await host.status();
    expect(status).toMatchObject({
      name: 'users',
      status: 'failed',
      position: before.position,
      lastError: 'integer out of range',
      failedEvent: { id: poison.id, type: 'UserRegistered', streamId: poison.streamId, revision: 0, position: poison.position },
    });
    // Every event before it is there, none after.
    const { rows } = await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(rows[0]!.n).toBe(250);
    // Another process hears it too.
    const elsewhere = new ProjectionHost(t.store, t.db.pool, t.db.url, [], {});
    await elsewhere.start();
    expect(await elsewhere.waitFor(await t.store.headPosition(), hangAfter(120_000), ['users'])).toBe(false);
    expect(await elsewhere.waitFor(before.position, hangAfter(1_000), ['users'])).toBe(true);
    await host.stop();

    // The fix (here, the projection as it should be) takes it past the event, and clears the failure.
    await runToHead(usersProjection);
    expect(await checkpoint('users')).toMatchObject({ last_error: null });
    expect(await elsewhere.waitFor(await t.store.headPosition(), hangAfter(10_000), ['users'])).toBe(true);
    await elsewhere.stop();
    await expectAsAFreshRebuild();
  });

  it('announces the topics of a batch beside its checkpoint: a process waiting for that topic looks, one waiting for another does not', async () => {
    await resetUsers();
    const all = await t.store.readAll({ maxCount: 10_000 });
    const marked = all.filter((e) => e.type === 'UserRegistered')[150]!;
    const announcing: Projection = { ...usersProjection, topics: (events) => (events.some((e) => e.id === marked.id) ? ['marked'] : []) };
    const looks = { marked: 0, other: 0 };
    const worker = (topic: keyof typeof looks) =>
      startReadModelWorker(t.db.pool, {
        readModels: [`users/${topic}`],
        look: async () => {
          looks[topic]++;
          return 0;
        },
        applicationName: `test-${topic}`,
        failed: () => {},
        pollMs: 600_000,
      });
    const workers = [worker('marked'), worker('other')];
    // Each looks once as it starts listening.
    await vi.waitFor(() => expect(looks).toEqual({ marked: 1, other: 1 }), { timeout: hangAfter(10_000) });
    // A host hears the topic's line as no read model's checkpoint.
    const host = new ProjectionHost(t.store, t.db.pool, t.db.url, [], {});
    await host.start();
    await runToHead(announcing, { batchSize: 100 });
    await vi.waitFor(() => expect(looks.marked).toBe(2), { timeout: hangAfter(10_000) });
    expect(await host.waitFor(await t.store.headPosition(), hangAfter(10_000), ['users'])).toBe(true);
    expect(await host.waitFor(await t.store.headPosition(), 100, ['users/marked'])).toBe(false);
    await host.stop();
    await Promise.all(workers.map((w) => w.stop()));
    expect(looks).toEqual({ marked: 2, other: 1 });
    await expectAsAFreshRebuild();
  });

  it('recovers from a killed process: the read model equals a fresh rebuild', async () => {
    await resetUsers();
    const head = await t.store.headPosition();
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/projection-child.ts', t.db.url], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let progressed = 0;
    child.stdout.setEncoding('utf8');
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (chunk: string) => {
        progressed += chunk.split('\n').filter((l) => l.startsWith('progress') && !l.endsWith(' 0/0')).length;
        if (progressed >= 3) resolve();
      }),
    );
    child.kill('SIGKILL');
    await once(child, 'exit');
    const killedAt = await checkpoint('users');
    expect(comparePositions(killedAt!.position, head)).toBeLessThan(0);

    await runToHead(usersProjection);
    await expectAsAFreshRebuild();
  });

  it('runs one runner per projection across processes; a standby takes over', async () => {
    const a = new ProjectionRunner(t.store, t.db.url, usersProjection, { standbyRetryMs: 100 });
    const b = new ProjectionRunner(t.store, t.db.url, usersProjection, { standbyRetryMs: 100 });
    a.start();
    await once(a, 'progress');
    b.start();
    await new Promise((r) => setTimeout(r, 400));
    expect([a.isActive, b.isActive]).toEqual([true, false]);
    await a.stop();
    await once(b, 'progress');
    expect(b.isActive).toBe(true);
    await b.stop();
  });

  it('rebuilds a new projection version beside the live tables, which answer until the new ones take their place', async () => {
    const before = await snapshot();
    await t.db.pool.query("UPDATE users SET name = 'alterato'");
    const next = { ...usersProjection, version: usersProjection.version + 1 };
    const copied: number[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The copy waits at its first batch, for the test to look at the live tables meanwhile.
    const held: Projection = {
      ...next,
      apply: reading([...eventTypesOf(usersProjection)!], async (events, tx) => {
        if ((await tx.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema === 'rebuild_users') {
          copied.push(events.length);
          await released;
        }
        await usersProjection.apply(events, tx);
      }),
    };
    const host = new ProjectionHost(t.store, t.db.pool, t.db.url, [held], { standbyRetryMs: 100 });
    await host.start();
    await vi.waitFor(() => expect(copied.length).toBe(1), { timeout: hangAfter(10_000) });
    expect((await snapshot()).every((u) => u.name === 'alterato')).toBe(true);
    expect(await host.waitFor(await t.store.headPosition(), hangAfter(1_000))).toBe(true);
    release();
    expect(await host.waitForRebuilds(hangAfter(20_000))).toBe(true);
    await host.stop();
    expect(await snapshot()).toEqual(before);
    const { rows } = await t.db.pool.query('SELECT version, rebuild_position FROM projection_checkpoints WHERE name = $1', ['users']);
    expect(rows[0]).toEqual({ version: next.version, rebuild_position: null });
    // A later start with the same version finds nothing to do.
    await runToHead(next);
    expect(await snapshot()).toEqual(before);
    await resetUsers();
  });

  it('passes the batches a projection has nothing to do with, and applies the rest', async () => {
    const applied: string[] = [];
    const onlySuspensions: Projection = {
      name: 'only-suspensions',
      title: 'Solo sospensioni',
      version: 1,
      tables: [],
      apply: byEventType<{ type: 'UserSuspended'; data: { reason: string } }>({
        UserSuspended: async (event) => {
          applied.push(event.streamId);
        },
      }),
    };
    // Small batches: most hold no suspension (one user in three is suspended, among 5 events each).
    await runToHead(onlySuspensions, { batchSize: 2 });
    expect(applied).toHaveLength(200);
    expect(new Set(applied).size).toBe(200);
    expect((await checkpoint('only-suspensions'))!.position).toBe(await t.store.headPosition());
  });

  it('keeps its connection when its own checkpoint news arrives after it moved on: only a rebuild sends it back', async () => {
    const host = new ProjectionHost(t.store, t.db.pool, t.db.url, [usersProjection], { standbyRetryMs: 100 });
    await host.start();
    const runnerBackend = async () =>
      (await t.db.pool.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE application_name = 'vicino-projection-users'")).rows.map((r) => r.pid);
    const earlier = await t.store.headPosition();
    expect(await host.waitFor(earlier, hangAfter(10_000))).toBe(true);
    await appendUserHistory(t.store, 3);
    const head = await t.store.headPosition();
    expect(await host.waitFor(head, hangAfter(10_000))).toBe(true);
    const before = await runnerBackend();
    expect(before).toHaveLength(1);
    // Under load a batch's news comes back after the runner applied the next batch: the same, by hand.
    await t.db.pool.query("SELECT pg_notify('vicino_checkpoints', $1)", [`users ${earlier}`]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await runnerBackend()).toEqual(before);
    // Nor does the host think the read model went back.
    expect(await host.waitFor(head, 1)).toBe(true);
    await host.stop();
  });

  it('tells a change of the rows from a batch only passed by, here and to other processes', async () => {
    const onlySuspensions: Projection = {
      name: 'only-suspensions-live',
      title: 'Solo sospensioni, dal vivo',
      version: 1,
      tables: [],
      apply: byEventType<{ type: 'UserSuspended'; data: { reason: string } }>({ UserSuspended: async () => {} }),
    };
    const here = new ProjectionHost(t.store, t.db.pool, t.db.url, [onlySuspensions], { standbyRetryMs: 100 });
    // Another process's host: it runs nothing of its own, it only hears the news.
    const there = new ProjectionHost(t.store, t.db.pool, t.db.url, [], {});
    await here.start();
    await there.start();
    expect(await here.waitFor(await t.store.headPosition(), hangAfter(10_000))).toBe(true);
    // The catch-up's own news reaches the other host a moment later.
    await new Promise((r) => setTimeout(r, 300));
    const changedHere: string[] = [];
    const changedThere: string[] = [];
    here.onReadModelChanged((name) => changedHere.push(name));
    there.onReadModelChanged((name) => changedThere.push(name));
    const append = async (type: string) => {
      const userId = crypto.randomUUID();
      const meta = { actorUserId: null, actorRole: null, correlationId: crypto.randomUUID(), causationId: null, at: new Date().toISOString() };
      const data = type === 'UserSuspended' ? { reason: 'Prova' } : { role: 'shopkeeper' };
      return (await t.store.appendToStream(`user-${userId}`, [{ id: crypto.randomUUID(), type, data, metadata: meta }])).position;
    };
    expect(await here.waitFor(await append('UserRoleChanged'), hangAfter(10_000))).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect([changedHere, changedThere]).toEqual([[], []]);
    expect(await here.waitFor(await append('UserSuspended'), hangAfter(10_000))).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect([changedHere, changedThere]).toEqual([['only-suspensions-live'], ['only-suspensions-live']]);
    await here.stop();
    await there.stop();
  });

  it('lets a writer wait only for the read models its events change, not for a slow other one', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const blocked = new Promise<void>((resolve) => (reached = resolve));
    // A read model of stores, busy with a long batch.
    const slowStores: Projection = {
      name: 'slow-stores',
      title: 'Negozi lenti',
      version: 1,
      tables: [],
      apply: byEventType<{ type: 'StoreCreated'; data: Record<string, never> }>({
        StoreCreated: async () => {
          reached();
          await released;
        },
      }),
    };
    const host = new ProjectionHost(t.store, t.db.pool, t.db.url, [usersProjection, slowStores], { standbyRetryMs: 100 });
    await host.start();
    expect(await host.waitFor(await t.store.headPosition(), hangAfter(10_000))).toBe(true);
    const meta = () => ({ actorUserId: null, actorRole: null, correlationId: crypto.randomUUID(), causationId: null, at: new Date().toISOString() });
    await t.store.appendToStream(`store-${crypto.randomUUID()}`, [{ id: crypto.randomUUID(), type: 'StoreCreated', data: {}, metadata: meta() }]);
    await blocked;
    const userId = crypto.randomUUID();
    const { position } = await t.store.appendToStream(`user-${userId}`, [
      {
        id: crypto.randomUUID(),
        type: 'UserRegistered',
        data: { userId, username: `svelta-${userId}`, name: 'Svelta', email: `${userId}@esempio.it`, role: 'customer', passwordHash: 'x' },
        metadata: meta(),
      },
    ]);
    expect(host.readersOf(['UserRegistered'])).toEqual(['users']);
    expect(await host.waitFor(position, hangAfter(120_000), host.readersOf(['UserRegistered']))).toBe(true);
    expect((await t.db.pool.query('SELECT name FROM users WHERE id = $1', [userId])).rows).toEqual([{ name: 'Svelta' }]);
    release();
    expect(await host.waitFor(position, hangAfter(10_000))).toBe(true);
    await host.stop();
  });

  it('lets a write wait for the read models only, not for a process that owns no table (the e-mail triggers)', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Busy with the very event the write waits for.
    const outbox: Projection = {
      name: 'slow-outbox',
      title: 'Uscita lenta',
      version: 1,
      tables: [],
      apply: byEventType<{ type: 'UserRegistered'; data: Record<string, never> }>({ UserRegistered: () => released }),
    };
    const host = new ProjectionHost(t.store, t.db.pool, t.db.url, [usersProjection, outbox], { standbyRetryMs: 100 });
    await host.start();
    const userId = crypto.randomUUID();
    const meta = { actorUserId: null, actorRole: null, correlationId: crypto.randomUUID(), causationId: null, at: new Date().toISOString() };
    const { position } = await t.store.appendToStream(`user-${userId}`, [
      {
        id: crypto.randomUUID(),
        type: 'UserRegistered',
        data: { userId, username: `posta-${userId}`, name: 'Posta', email: `${userId}@esempio.it`, role: 'customer', passwordHash: 'x' },
        metadata: meta,
      },
    ]);
    expect(host.readersOf(['UserRegistered'])).toEqual(['users']);
    expect(await host.waitFor(position, hangAfter(120_000), host.readersOf(['UserRegistered']))).toBe(true);
    release();
    expect(await host.waitFor(position, hangAfter(10_000))).toBe(true);
    await host.stop();
  });

  it('lets a writer wait until every read model shows its event', async () => {
    const host = new ProjectionHost(t.store, t.db.pool, t.db.url, [usersProjection], { standbyRetryMs: 100 });
    await host.start();
    const userId = crypto.randomUUID();
    const { position } = await t.store.appendToStream(`user-${userId}`, [
      {
        id: crypto.randomUUID(),
        type: 'UserRegistered',
        data: { userId, username: `attesa-${userId}`, name: 'Attesa', email: `${userId}@esempio.it`, role: 'customer', passwordHash: 'x' },
        metadata: { actorUserId: null, actorRole: null, correlationId: crypto.randomUUID(), causationId: null, at: new Date().toISOString() },
      },
    ]);
    expect(await host.waitFor(position, hangAfter(10_000))).toBe(true);
    expect((await t.db.pool.query('SELECT name FROM users WHERE id = $1', [userId])).rows).toEqual([{ name: 'Attesa' }]);
    const [status] = await host.status();
    expect(status).toMatchObject({ name: 'users', lag: 0, lastError: null });
    await host.stop();
  });

  it('rebuilds for a correction only a read model that applied the event without it: not one whose retry already read it corrected', async () => {
    await resetUsers();
    const all = await t.store.readAll({ maxCount: 10_000 });
    const poison = all.filter((e) => e.type === 'UserRegistered')[100]!;
    // It cannot hold this user until an admin's correction renames it «Corretto…».
    const failing: Projection = {
      ...usersProjection,
      apply: reading([...eventTypesOf(usersProjection)!], async (events, tx) => {
        await usersProjection.apply(events, tx);
        const event = events.find((e) => e.id === poison.id);
        if (event && !String((event.data as { name: string }).name).startsWith('Corretto')) await tx.query('SELECT 2147483648::int');
      }),
    };
    const host = new ProjectionHost(t.store, t.db.pool, t.db.url, [failing], { standbyRetryMs: 100, batchSize: 100 });
    await host.start();
    expect(await host.waitFor(await t.store.headPosition(), hangAfter(120_000))).toBe(false);
    const correct = async (name: string) => {
      const correction: EventCorrection = {
        eventId: poison.id,
        eventType: poison.type,
        streamId: poison.streamId,
        revision: poison.revision,
        position: poison.position,
        data: { name },
        reason: 'Nome da correggere',
      };
      const meta = { actorUserId: null, actorRole: 'admin', correlationId: crypto.randomUUID(), causationId: null, at: new Date().toISOString() };
      return (await t.store.appendToStream(correctionStreamOf(poison.id), [{ id: crypto.randomUUID(), type: eventCorrected, data: correction, metadata: meta }])).position;
    };
    const userName = async () => (await t.db.pool.query('SELECT name FROM users WHERE id = $1', [(poison.data as { userId: string }).userId])).rows[0]?.name;

    // The runner's own retry reads the correction before this process acts on its news (as on a busy machine): nothing to rebuild.
    const first = await correct('Corretto');
    // (A writer does not wait for a stopped read model: its status tells when it moved.)
    await vi.waitFor(async () => expect((await host.status())[0]).toMatchObject({ status: 'idle', failedEvent: null }), { timeout: hangAfter(60_000), interval: 100 });
    expect(await userName()).toBe('Corretto');
    expect((await host.corrected(first)).rebuilt).toEqual([]);

    // A second correction of the same event: the tables hold the first, so they are rebuilt with the second.
    const second = await correct('Corretto di nuovo');
    expect((await host.corrected(second)).rebuilt).toEqual(['users']);
    expect(await host.waitForRebuilds(hangAfter(60_000))).toBe(true);
    expect(await userName()).toBe('Corretto di nuovo');
    await host.stop();
    await resetUsers();
  });
});
