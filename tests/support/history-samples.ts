import type { Reference } from '../../src/modules/history/contract.js';
import { referencedIds, shownWithAmounts } from '../../src/modules/history/shown.js';
import { moduleScenarios } from '../../src/modules/accepted-events.scenarios.js';
import { catalog } from '../../src/modules/index.js';
import type { DomainEvent } from '../../src/platform/domain/decider.js';
import { DomainError } from '../../src/platform/domain/errors.js';
import type { Scenario } from '../../src/platform/testing/accepted-events.js';

/*
 * One event of every type every module declares (its manifest's `events`), as the admin's history
 * sends it to the page (src/modules/history/shown.ts): for the test that every event reads in words
 * (web/src/admin/history/every-event.unit.test.ts). The events are the deciders' own, decided from
 * the modules' accepted-events scenarios: their setup, their commands in turn, and each sequence of
 * up to five of their commands from the setup's state, so a new event type a scenario reaches is
 * covered with nothing more to write.
 */

export interface HistorySample {
  module: string;
  type: string;
  italianName: string;
  /** The audited aggregate whose stream holds it (the history's `type`), null when none is audited. */
  aggregate: string | null;
  /** Its data as the history sends it: secrets masked, amounts in euros. */
  changes: unknown;
  /** The ids the history names (the server reads their names), by the kind of record each is. */
  references: Record<string, Reference['type']>;
  /** The id of its aggregate (the end of its stream's name): the history leaves it out. */
  aggregateId: string;
  /** The fields the history says hold euros (shownWithAmounts): every `…Cents` of its data, without the suffix. */
  amounts: string[];
  /** The one-time codes it carries, as the decider wrote them: never to be shown. */
  codes: string[];
  /** The aggregate's state right after it, as the history's «as of» sends it. */
  state: { value: unknown; amounts: string[]; references: Record<string, Reference['type']>; codes: string[] };
}

/** The audited aggregate whose streams are named as `streamId` is, and its id (the longest prefix wins: `collaboration-session-` over `collaboration-`). */
function aggregateOf(streamId: string): { name: string; id: string } | null {
  let best: { name: string; id: string } | null = null;
  for (const [name, audited] of Object.entries(catalog.audited)) {
    if (audited.singleton) {
      if (audited.stream('current') === streamId) return { name, id: 'current' };
      continue;
    }
    const probe = audited.stream('\u0000');
    const prefix = probe.slice(0, probe.indexOf('\u0000'));
    if (prefix && streamId.startsWith(prefix) && (!best || prefix.length > streamId.length - best.id.length)) best = { name, id: streamId.slice(prefix.length) };
  }
  return best;
}

/** The values of one-time code fields (pickup, delivery, activation, access codes), at any depth. */
const codeValues = (value: unknown, into: string[]): string[] => {
  if (Array.isArray(value)) for (const item of value) codeValues(item, into);
  else if (value && typeof value === 'object' && !(value instanceof Date))
    for (const [key, v] of Object.entries(value)) {
      if (/(^c|C)ode$/.test(key) && typeof v === 'string' && v.length >= 4) into.push(v);
      else codeValues(v, into);
    }
  return into;
};

/** How many events of one type, of different shapes, the samples keep. */
const SHAPES = 4;

/** Every key of `value`, at any depth. */
function keysOf(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object' && !(value instanceof Date))
    for (const [key, v] of Object.entries(value)) {
      into.add(key);
      keysOf(v, into);
    }
  return into;
}

/** How many commands in a row the samples try from a scenario's setup. */
const DEPTH = Number(process.env.HISTORY_SAMPLES_DEPTH ?? 5);

/** Every event each scenario's decider gives, in the order found, with its stream. */
function decidedEvents(s: Scenario, found: (event: DomainEvent, streamId: string, state: unknown) => void): void {
  const decide = (state: unknown, command: unknown): { state: unknown } | null => {
    try {
      let next = state;
      for (const event of s.decider.decide(command, state)) {
        next = s.decider.evolve(next, event);
        found(event, s.streamId, next);
      }
      return { state: next };
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
  };
  let state = s.decider.initialState;
  for (const command of s.setup) state = decide(state, command)?.state ?? state;
  const ready = state;
  for (const command of s.commands) state = decide(state, command)?.state ?? state;
  // Every sequence of accepted commands, up to `depth` of them, from the setup's state.
  const explore = (from: unknown, depth: number): void => {
    if (depth === 0) return;
    for (const command of s.commands) {
      const next = decide(from, command);
      if (next) explore(next.state, depth - 1);
    }
  };
  explore(ready, DEPTH);
}

/** A state as the history's «as of» sends it. */
function stateOf(state: unknown): HistorySample['state'] {
  const { value, amounts } = shownWithAmounts(state);
  return { value, amounts, references: Object.fromEntries(referencedIds(value, new Map())), codes: codeValues(state, []) };
}

/** A sample of every event type of every module, and the types no scenario reaches (each named by its module). */
export async function historySamples(): Promise<{ samples: HistorySample[]; unreached: string[] }> {
  const byModule = await moduleScenarios();
  // Each type's events of different shapes (the fields they carry: a pickup order and one paid online; the history they are in), a few of each type.
  const raw = new Map<string, Map<string, { event: DomainEvent; streamId: string; state: unknown }>>();
  for (const { scenarios } of byModule)
    for (const s of [...scenarios, ...scenarios.flatMap((x) => x.given)])
      decidedEvents(s, (event, streamId, state) => {
        const shapes = raw.get(event.type) ?? raw.set(event.type, new Map()).get(event.type)!;
        // A shape is the fields' names, and whose history it is in (a shop's account or a collaborator's: the same events, two histories).
        const shape = `${aggregateOf(streamId)?.name ?? ''}:${[...keysOf(event.data, new Set())].sort().join()}`;
        if (!shapes.has(shape) && shapes.size < SHAPES) shapes.set(shape, { event, streamId, state });
      });
  const samples: HistorySample[] = [];
  const unreached: string[] = [];
  for (const { module } of byModule)
    for (const [type, italianName] of Object.entries(module.events ?? {})) {
      const shapes = [...(raw.get(type)?.values() ?? [])];
      if (!shapes.length) unreached.push(`${module.name}: ${type}`);
      for (const decided of shapes) {
        const { value: changes, amounts } = shownWithAmounts(decided.event.data);
        const aggregate = aggregateOf(decided.streamId);
        samples.push({
          module: module.name,
          type,
          italianName,
          aggregate: aggregate?.name ?? null,
          aggregateId: aggregate?.id ?? decided.streamId,
          changes,
          references: Object.fromEntries(referencedIds(changes, new Map())),
          amounts,
          codes: codeValues(decided.event.data, []),
          state: stateOf(decided.state),
        });
      }
    }
  return { samples, unreached };
}
