import { randomUUID } from 'node:crypto';
import { WrongExpectedVersion } from '../eventstore/errors.js';
import { perStore } from '../eventstore/per-store.js';
import type { EventStore, Position, RecordedEvent } from '../eventstore/types.js';
import type { CommandContext } from '../domain/context.js';
import { metadataOf } from '../domain/context.js';
import type { Decider, DomainEvent } from '../domain/decider.js';
import { DomainError } from '../domain/errors.js';

export interface CommandResult<E, S> {
  events: E[];
  state: S;
  /** Where the last new event sits in the log; null when the command changed nothing. */
  position: Position | null;
}

export interface HandleOptions<S = unknown> {
  /** How many times to decide again after a concurrent change (default 5). */
  attempts?: number;
  /**
   * Ids for the new events, derived from the command (e.g. from an idempotency key): the same
   * command appended twice is then stored once, whichever process sends it. `state` is the one
   * the events were decided on.
   */
  eventIds?: (index: number, state: S) => string;
  /**
   * Keep this aggregate's folded state in memory under this name, and read only the events
   * appended since (for long streams such as a popular product's stock). The deciders' evolve
   * must not mutate the state it is given.
   */
  cacheAs?: string;
  /**
   * The stream as the caller has just read it (loadState): the first decision is made on it
   * without reading again. A change since is caught by the expected revision, then read.
   */
  loaded?: { state: S; revision: number };
}

/** Folded states of long streams, per store: a committed prefix never changes, so only the rest is read. */
const foldedIn = perStore(() => new Map<string, { revision: number; state: unknown }>());
const foldedLimit = 20_000;

interface Start {
  folded: Map<string, { revision: number; state: unknown }>;
  key: string | undefined;
  cached: { revision: number; state: unknown } | undefined;
  /** The first revision to read. */
  from: number;
}

function startOf(store: EventStore, streamId: string, cacheAs: string | undefined): Start {
  const folded = foldedIn(store);
  const key = cacheAs && `${cacheAs}|${streamId}`;
  const cached = key ? folded.get(key) : undefined;
  return { folded, key, cached, from: cached ? cached.revision + 1 : 0 };
}

function fold<E extends DomainEvent, S>({ folded, key, cached }: Start, decider: Decider<unknown, E, S>, events: RecordedEvent[]): { state: S; revision: number } {
  let state = (cached ? cached.state : decider.initialState) as S;
  for (const event of events) state = decider.evolve(state, event as unknown as E);
  const revision = events.length ? events[events.length - 1]!.revision : cached ? cached.revision : -1;
  if (key && revision >= 0) remember(folded, key, revision, state);
  return { state, revision };
}

/** Keeps a stream's folded state (the most recently used last, the least recently used dropped past the limit). */
function remember(folded: Map<string, { revision: number; state: unknown }>, key: string, revision: number, state: unknown): void {
  folded.delete(key);
  folded.set(key, { revision, state });
  if (folded.size > foldedLimit) folded.delete(folded.keys().next().value!);
}

/** The aggregate's state and revision (-1: no stream yet), from the cache when it is kept there. */
export async function loadState<E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<unknown, E, S>,
  cacheAs?: string,
): Promise<{ state: S; revision: number }> {
  const start = startOf(store, streamId, cacheAs);
  return fold(start, decider, await store.readStream(streamId, start.from > 0 ? { fromRevision: start.from } : {}));
}

/** One aggregate to load with `loadStates`. */
export interface Load<S> {
  streamId: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any aggregate's events: evolve takes them in and decide gives them out, so no one event type fits every decider
  decider: Decider<unknown, any, S>;
  cacheAs?: string;
}

type Loaded<G> = { [K in keyof G]: G[K] extends Load<infer S>[] ? { state: S; revision: number }[] : never };

/**
 * Several aggregates, in groups named by the caller, read in one call to the store (one round
 * trip on PostgreSQL) and folded as `loadState` does.
 */
export async function loadStates<G extends Record<string, Load<unknown>[]>>(store: EventStore, groups: G): Promise<Loaded<G>> {
  const loads = Object.values(groups).flat();
  const starts = loads.map((l) => startOf(store, l.streamId, l.cacheAs));
  const answers = await store.readStreams(loads.map((l, i) => ({ streamId: l.streamId, fromRevision: starts[i]!.from })));
  let next = 0;
  const loaded: Record<string, { state: unknown; revision: number }[]> = {};
  for (const [name, group] of Object.entries(groups)) {
    loaded[name] = group.map((l) => {
      const at = next++;
      return fold(starts[at]!, l.decider, answers[at]!);
    });
  }
  return loaded as Loaded<G>;
}

/**
 * The state and revision kept in memory for this stream (`cacheAs`), as last read or written here:
 * for a command that decides on it without reading first (`loaded`), where only this process
 * usually writes the stream; a change elsewhere is caught by the expected revision.
 */
export function cachedFold<S>(store: EventStore, streamId: string, cacheAs: string): { state: S; revision: number } | undefined {
  return foldedIn(store).get(`${cacheAs}|${streamId}`) as { state: S; revision: number } | undefined;
}

/** Keeps what a caller appending on its own just stored of a stream (`cacheAs`), as handleCommand does after its append. */
export function keepFolded(store: EventStore, streamId: string, cacheAs: string, revision: number, state: unknown): void {
  remember(foldedIn(store), `${cacheAs}|${streamId}`, revision, state);
}

/** The state kept in memory for this stream (`cacheAs`), as last read here; it may be behind the store. */
export function cachedState<S>(store: EventStore, streamId: string, cacheAs: string): S | undefined {
  return foldedIn(store).get(`${cacheAs}|${streamId}`)?.state as S | undefined;
}

/**
 * Read the stream, fold, decide, append with the expected revision; on a concurrent change
 * re-read and decide again (bounded), so two writers never overwrite each other.
 */
export async function handleCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  streamId: string,
  decider: Decider<C, E, S>,
  command: C,
  ctx: CommandContext,
  { attempts = 5, eventIds, cacheAs, loaded }: HandleOptions<S> = {},
): Promise<CommandResult<E, S>> {
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = attempt === 1 && loaded ? loaded : await loadState(store, streamId, decider as Decider<unknown, E, S>, cacheAs);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, state, position: null };
    const metadata = metadataOf(ctx);
    try {
      const result = await store.appendToStream(
        streamId,
        events.map((e, i) => ({ id: eventIds ? eventIds(i, state) : randomUUID(), type: e.type, data: e.data, metadata })),
        { expectedRevision: revision >= 0 ? revision : 'no_stream' },
      );
      for (const e of events) ctx.written?.add(e.type);
      if (!eventIds || result.alreadyStored === false) {
        const next = events.reduce(decider.evolve, state);
        // What was just stored, kept: the next command on the stream reads nothing it knows already.
        if (cacheAs) remember(foldedIn(store), `${cacheAs}|${streamId}`, revision + events.length, next);
        return { events, state: next, position: result.position };
      }
      // Derived ids, and the store answered that they were there already (or cannot tell): a twin
      // request stored the same events first, decided with other details (a random pickup code).
      // The stream says what was kept.
      const stored = await loadState(store, streamId, decider as Decider<unknown, E, S>, cacheAs);
      return { events, state: stored.state, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      if (attempt >= attempts) {
        throw new DomainError('I dati sono stati modificati da un’altra richiesta: riprova.', 'conflict');
      }
    }
  }
}

/** One command of `handleCommandsAtOnce`: its stream, as the caller has just read it. */
export interface StreamCommand<S = unknown> {
  streamId: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any aggregate's commands: the batch holds streams of several aggregates, each with its own command type
  decider: Decider<any, DomainEvent, S>;
  command: unknown;
  loaded: { state: S; revision: number };
  /** As in handleCommand: ids derived from the command, so the same command is stored once. */
  eventIds?: (index: number, state: S) => string;
  cacheAs?: string;
}

/**
 * Decides each command on the state its caller just read and appends every event in one go, all
 * or none (stores with `appendToStreams`). A stream changed since it was read throws
 * WrongExpectedVersion and stores nothing: the caller reads again and decides again. A command
 * that decides nothing appends nothing; a DomainError of any decider stops them all.
 */
export async function handleCommandsAtOnce(
  store: EventStore & Required<Pick<EventStore, 'appendToStreams'>>,
  commands: StreamCommand[],
  ctx: CommandContext,
): Promise<CommandResult<DomainEvent, unknown>[]> {
  const metadata = metadataOf(ctx);
  const decided = commands.map((c) => ({ ...c, events: c.decider.decide(c.command, c.loaded.state) }));
  const appending = decided.filter((c) => c.events.length);
  const answers = appending.length
    ? await store.appendToStreams(
        appending.map((c) => ({
          streamId: c.streamId,
          events: c.events.map((e, i) => ({ id: c.eventIds ? c.eventIds(i, c.loaded.state) : randomUUID(), type: e.type, data: e.data, metadata })),
          expectedRevision: c.loaded.revision >= 0 ? c.loaded.revision : 'no_stream',
        })),
      )
    : [];
  for (const c of appending) for (const e of c.events) ctx.written?.add(e.type);
  const answerOf = new Map(appending.map((c, i) => [c, answers[i]!]));
  // Derived ids the store already had (a twin stored the same commands first, perhaps decided
  // with other details): those streams say what was kept.
  const twins = appending.filter((c) => c.eventIds && answerOf.get(c)!.alreadyStored !== false);
  const stored = twins.length ? await loadStates(store, { twins: twins.map((c) => ({ streamId: c.streamId, decider: c.decider, cacheAs: c.cacheAs })) }) : null;
  return decided.map((c) => {
    const twin = twins.indexOf(c);
    const state = twin >= 0 ? stored!.twins[twin]!.state : c.events.reduce(c.decider.evolve, c.loaded.state);
    return { events: c.events, state, position: answerOf.get(c)?.position ?? null };
  });
}

/**
 * Commands on several aggregates, all or none: `plan` reads their streams and says what to decide
 * on each (null or none: nothing to do), `handleCommandsAtOnce` appends them together; a stream
 * moved meanwhile is read and decided again (bounded). A store that appends to one stream at a
 * time gets every command decided first (a refusal of any stores nothing), then each appended in
 * order. The position of the last event appended, or null.
 */
export async function handleTogether(store: EventStore, plan: () => Promise<StreamCommand[] | null>, ctx: CommandContext, attempts = 8): Promise<Position | null> {
  for (let attempt = 1; ; attempt++) {
    const list = await plan();
    if (!list?.length) return null;
    if (!store.appendToStreams) {
      for (const c of list) c.decider.decide(c.command, c.loaded.state);
      let position: Position | null = null;
      for (const c of list) position = (await handleCommand(store, c.streamId, c.decider, c.command, ctx)).position ?? position;
      return position;
    }
    try {
      const results = await handleCommandsAtOnce(store as EventStore & Required<Pick<EventStore, 'appendToStreams'>>, list, ctx);
      return (
        results
          .map((r) => r.position)
          .filter((p): p is Position => p !== null)
          .at(-1) ?? null
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      if (attempt >= attempts) throw new DomainError('I dati sono stati modificati da un’altra richiesta: riprova.', 'conflict');
    }
  }
}
