import { randomUUID } from 'node:crypto';
import type { Decider, DomainEvent } from '../domain/decider.js';

/*
 * The scenarios of the property test that every read model applies what the deciders accept
 * (issues [6] and [16], src/platform/projections/accepted-events.int.test.ts). Each module keeps
 * its own in `src/modules/<module>/accepted-events.scenarios.ts` (an exported array `scenarios`);
 * the test gathers them from every module, and src/modules/decider-coverage.unit.test.ts fails
 * naming any decider exported under src/modules that no scenario decides.
 */

/** One aggregate: the commands that bring it to a state, and the commands fuzzed from there. */
export interface Scenario {
  name: string;
  streamId: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the deciders differ in their command and state types; each scenario pairs one with its own commands
  decider: Decider<any, DomainEvent, any>;
  /** The exported decider this scenario decides with: the decider itself, or the factory that made it (made()). */
  covers: object;
  setup: unknown[];
  commands: unknown[];
  /** Other aggregates decided (their setup only) before this one's setup: what it stands on (a profile, a payment). */
  given: Scenario[];
  /** Part of the world every scenario is decided in (the shop, its product, the people). */
  world: boolean;
}

const factories = new WeakMap<object, object>();

/** The decider `factory(...args)` gives (e.g. cartDecider(userId)), remembered as made by that factory. */
export function made<A extends unknown[], D extends object>(factory: (...args: A) => D, ...args: A): D {
  const decider = factory(...args);
  factories.set(decider, factory);
  return decider;
}

export interface ScenarioOptions {
  given?: Scenario[];
  world?: boolean;
}

/** A scenario of `decider` on `streamId`: `setup` decided as it is (each must be accepted), then `commands` fuzzed. */
export const scenario = <C>(
  name: string,
  streamId: string,
  decider: Decider<C, DomainEvent, unknown>,
  setup: C[],
  commands: C[],
  { given = [], world = false }: ScenarioOptions = {},
): Scenario => ({ name, streamId, decider: decider as Scenario['decider'], covers: factories.get(decider) ?? decider, setup, commands, given, world });

/**
 * The ids the scenarios share, fixed for a run: the world's shop, its owner, a customer, a
 * product, a collaborator and an admin, so that each module's aggregates may refer to them.
 */
export const worldIds = {
  shopkeeper: randomUUID(),
  customer: randomUUID(),
  store: randomUUID(),
  product: randomUUID(),
  collaborator: randomUUID(),
  admin: randomUUID(),
};

/** The world's shop as other aggregates refer to it. */
export const worldStore = { name: 'Bottega di prova', address: 'Via Roma 1, Milano', latitude: 45.4642, longitude: 9.19 } as const;

/** The clock of a run: every scenario's commands are decided at this time. */
export const scenarioNow = new Date();

/** `ms` after the run's clock, as a Date. */
export const later = (ms: number): Date => new Date(scenarioNow.getTime() + ms);
