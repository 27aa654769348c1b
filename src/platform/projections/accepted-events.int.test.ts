import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database.js';
import { exportedDeciders, moduleScenarios } from '../../modules/accepted-events.scenarios.js';
import { allProjections } from '../../modules/index.js';
import { addDays, romeDate } from '../../modules/reservations/reservation.js';
import type { DomainEvent } from '../domain/decider.js';
import { DomainError } from '../domain/errors.js';
import { makePosition } from '../eventstore/position.js';
import type { RecordedEvent } from '../eventstore/types.js';
import { scenarioNow as now, worldIds, type Scenario } from '../testing/accepted-events.js';
import { hangAfter } from '../../../tests/support/time-limits.js';

/*
 * Every projection applies what the deciders accept (issues [6] and [16]): each command, sent with
 * its numbers, times and texts replaced by extreme and random values, is decided as the product
 * would; the events a decider accepts are applied by every read model, inside a transaction rolled
 * back afterwards. A read model that could not hold one of them would stop at it for good, so a
 * failure here is a missing bound in a decider (src/platform/domain/limits.ts).
 *
 * The scenarios come from every module of src/modules/index.ts (each keeps its own in
 * src/modules/<module>/accepted-events.scenarios.ts); src/modules/decider-coverage.unit.test.ts
 * fails naming any exported decider none of them decides.
 */

const byModule = await moduleScenarios();
const scenarios = byModule.flatMap((m) => m.scenarios);
const deciderNames = new Map((await exportedDeciders()).map((d) => [d.decider, d.name]));

// ---------------------------------------------------------------------------------------------
// Values

/** Runs of each scenario: CI's budget (the file under a minute on 2 cores); FUZZ_RUNS=1000 for a deeper search. */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** Numbers at and around every edge a read model has: integer and numeric widths, cents, zero. */
const edgeNumbers = [
  0,
  -0,
  1,
  -1,
  0.004,
  0.005,
  0.01,
  0.015,
  0.1 + 0.2,
  1e-7,
  99,
  100,
  101,
  1_000_000,
  1_000_000.01,
  1_000_001,
  99_999_999.99,
  100_000_000,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  1e21,
  1e300,
  -1e300,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  90.0001,
  -90.0001,
  180.0001,
  1e15 + 0.3,
];
const anyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...edgeNumbers),
  fc.integer(),
  fc.integer({ min: -1_000_000_00, max: 10_000_000_000 }).map((n) => n / 100),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Times a JavaScript Date writes but PostgreSQL may not read back, and the ordinary. */
const anyTime: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '+275760-09-13T00:00:00.000Z',
    '-271821-04-20T00:00:00.000Z',
    '0000-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
    '1970-01-01T00:00:00.000Z',
    'non è una data',
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);
const anyDay: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('0000-01-01', '9999-12-31', '2026-02-30', '+275760-09-13', ''),
  fc.integer({ min: -400, max: 400 }).map((n) => addDays(romeDate(now), n)),
);
const anyText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom('', ' ', 'x'.repeat(100_000), 'Caffè ☕ e città — «ok»', '\u200b', 'e\u0301'.repeat(50), '🇮🇹'.repeat(1000)),
);

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Words of a fixed vocabulary (types, roles, statuses, colours, ids): the HTTP schemas only let those through. */
const fixed = /^([a-z_]+|#[0-9A-Fa-f]{6}|(order|reservation):.*)$/;

/** Fields of a command the server fills itself, never from what a person sends. */
const serverMade = new Set(['now', 'freshCode', 'fresh']);

/** `value` as it is, or with each of its numbers, times and texts replaced (the shape stays; ids and the clock as they are). */
function fuzzed(value: unknown, key = ''): fc.Arbitrary<unknown> {
  // Ids (uuids the server makes or the HTTP schemas check), the clock and the fresh one-time codes
  // the server draws to replace a burnt one are not input.
  if (/Id$/.test(key) || serverMade.has(key)) return fc.constant(value);
  if (typeof value === 'number') return fc.oneof(fc.constant(value), anyNumber);
  if (typeof value === 'boolean') return fc.boolean();
  if (typeof value === 'string') {
    if (key === 'type' || uuid.test(value) || fixed.test(value)) return fc.constant(value);
    if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return fc.oneof(fc.constant(value), anyTime);
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return fc.oneof(fc.constant(value), anyDay);
    return fc.oneof(fc.constant(value), anyText);
  }
  // A time a command carries as a Date (parsed at the edge: always a valid one).
  if (value instanceof Date)
    return fc.oneof(
      fc.constant(value),
      anyTime.filter((t) => !Number.isNaN(Date.parse(t))).map((t) => new Date(t)),
    );
  if (Array.isArray(value)) {
    if (value.length === 0) return fc.constant(value);
    return fc.oneof(fc.constant(value), fc.array(fc.oneof(...value.map((v) => fuzzed(v))), { maxLength: 30 }));
  }
  if (value && typeof value === 'object') {
    const fields = Object.entries(value).filter(([, v]) => v !== undefined);
    return fc.record(Object.fromEntries(fields.map(([k, v]) => [k, fuzzed(v, k)])));
  }
  // null: a nullable field, sent as a number or a text as well.
  return fc.oneof(fc.constant(value), anyNumber, anyText);
}

// ---------------------------------------------------------------------------------------------
// Deciding and applying

let db: TestDatabase;
let position = 0;

function record(streamId: string, revision: number, event: DomainEvent): RecordedEvent {
  position += 1;
  return {
    id: randomUUID(),
    streamId,
    revision,
    position: makePosition(1000, position),
    type: event.type,
    data: event.data,
    metadata: { actorUserId: worldIds.shopkeeper, actorRole: 'shopkeeper', correlationId: randomUUID(), causationId: null, at: now.toISOString() },
  };
}

/**
 * Decides `s`'s setup, then `commands` in turn, those a decider refuses (DomainError) dropped:
 * the events of each.
 */
function decideAll(s: Scenario, commands: unknown[]): { setup: RecordedEvent[]; sent: RecordedEvent[] } {
  let state = s.decider.initialState;
  let revision = 0;
  const take = (command: unknown, refusable: boolean): RecordedEvent[] => {
    let events: DomainEvent[];
    try {
      events = s.decider.decide(command, state);
    } catch (error) {
      if (refusable && error instanceof DomainError) return [];
      throw error;
    }
    state = events.reduce(s.decider.evolve, state);
    return events.map((event) => record(s.streamId, revision++, event));
  };
  return { setup: s.setup.flatMap((c) => take(c, false)), sent: commands.flatMap((c) => take(c, true)) };
}

/**
 * The events the scenario `s` is decided among, in order: the world (an approved shop with a
 * product and its people: the scenarios marked `world`, a scenario of which keeps its place there),
 * then what `s` stands on (`given`), then its own setup.
 */
function world(s: Scenario): RecordedEvent[] {
  const before = [...scenarios.filter((w) => w.world), ...s.given.filter((g) => !g.world)];
  const events = before.flatMap((part) => decideAll(part, []).setup);
  return before.includes(s) ? events : [...events, ...decideAll(s, []).setup];
}

/** Every read model applies `events` on `client`, as its runner would. */
async function applyEverywhere(client: pg.ClientBase, events: RecordedEvent[]): Promise<void> {
  for (const projection of allProjections) {
    try {
      await projection.apply(events, client);
    } catch (error) {
      const types = [...new Set(events.map((e) => e.type))].join(', ');
      throw new Error(`the ${projection.name} read model cannot apply what the deciders accepted (${types}): ${(error as Error).message}`, { cause: error });
    }
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('every read model applies what the deciders accept', () => {
  it('has scenarios from the modules of src/modules/index.ts', () => {
    expect(byModule.filter((m) => m.scenarios.length).length).toBeGreaterThan(20);
  });

  for (const { folder, scenarios: own } of byModule) {
    for (const s of own) {
      it(
        `${folder} › ${s.name} (${deciderNames.get(s.covers) ?? 'a decider not exported'}): extreme and random numbers, times and texts`,
        async () => {
          const commands = fc.array(fc.oneof(...s.commands.map((c) => fuzzed(c))), { minLength: 1, maxLength: 6 });
          // The world and the scenario's setup are applied once; each run's events on top of them, rolled back after it.
          const client = await db.pool.connect();
          try {
            await client.query('BEGIN');
            await applyEverywhere(client, world(s));
            await fc.assert(
              fc.asyncProperty(commands, async (sent) => {
                await client.query('SAVEPOINT run');
                try {
                  await applyEverywhere(client, decideAll(s, sent).sent);
                } finally {
                  await client.query('ROLLBACK TO SAVEPOINT run');
                }
              }),
              { numRuns: NUM_RUNS },
            );
          } finally {
            await client.query('ROLLBACK');
            client.release();
          }
        },
        hangAfter(120_000),
      );
    }
  }
});
