import { isDeepStrictEqual } from 'node:util';
import { comparePositions, START } from './position.js';
import type { EventStore, Position, RecordedEvent } from './types.js';
import { mappingReads } from './upcasting.js';

/**
 * An admin's correction of an event a read model could not apply (issue [16]). The log is never
 * rewritten: the correction is an event of its own, in the stream `correction-<eventId>`, and the
 * read models' readers (the runners' subscriptions and the rebuilds: `correcting`) see the
 * original event with the correction's fields in place of its own. Commands, the history and the
 * export read the log as it is: the original event, then the correction.
 */
export const eventCorrected = 'EventCorrected';

export const correctionStreamOf = (eventId: string): string => `correction-${eventId}`;

/** What an `EventCorrected` says. */
export interface EventCorrection {
  /** The event corrected, and where it sits. */
  eventId: string;
  eventType: string;
  streamId: string;
  revision: number;
  position: Position;
  /** The fields replaced (a patch of the event's data: objects merged field by field, anything else replaced). */
  data: Record<string, unknown>;
  /** Why, in the admin's words. */
  reason: string;
}

/** One correction as it was recorded: what, by whom, when. */
export interface RecordedCorrection extends EventCorrection {
  /** Where the correction itself sits in the log. */
  at: Position;
  time: string;
  actorUserId: string | null;
  actorRole: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The JSON type of a value, as a correction must keep it. */
export function jsonTypeOf(value: unknown): 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' | 'other' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'object' || type === 'string' || type === 'number' || type === 'boolean' ? type : 'other';
}

/** `data` with `patch` applied: objects merged field by field, any other value replaced. */
export function applyPatch(data: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  for (const [key, value] of Object.entries(patch)) {
    const before = data[key];
    out[key] = isObject(value) && isObject(before) ? applyPatch(before, value) : value;
  }
  return out;
}

/** Whether `data` already holds every field `patch` sets (applying it changes nothing). */
export function holdsPatch(data: unknown, patch: Record<string, unknown>): boolean {
  return isObject(data) && isDeepStrictEqual(applyPatch(data, patch), data);
}

/**
 * What is wrong with `patch` as a correction of `data`, by the field's path (`fields.name`), in
 * Italian: a field the event does not have, or a value of another JSON type; `refused(key)`
 * names fields nobody may correct (secrets). Empty when the patch keeps the event's shape.
 */
export function patchProblems(data: Record<string, unknown>, patch: Record<string, unknown>, refused: (key: string) => boolean = () => false, prefix = ''): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [key, value] of Object.entries(patch)) {
    const path = `${prefix}${key}`;
    if (!Object.hasOwn(data, key)) problems[path] = `L’evento non ha il campo «${path}»: si possono correggere solo i campi che ha.`;
    else if (refused(key)) problems[path] = `Il campo «${path}» è riservato e non si può correggere.`;
    else if (jsonTypeOf(value) !== jsonTypeOf(data[key])) {
      problems[path] = `Il campo «${path}» deve restare di tipo ${typeNames[jsonTypeOf(data[key])]}.`;
    } else if (isObject(value)) Object.assign(problems, patchProblems(data[key] as Record<string, unknown>, value, refused, `${path}.`));
  }
  return problems;
}

const typeNames: Record<ReturnType<typeof jsonTypeOf>, string> = {
  null: 'nullo',
  array: 'elenco',
  object: 'oggetto',
  string: 'testo',
  number: 'numero',
  boolean: 'sì/no',
  other: 'sconosciuto',
};

/**
 * Every correction of the log, kept in memory (corrections are rare): loaded at start, read again
 * when one is announced (`refresh`, which reads only those after the last seen), and learnt from
 * the batches the read models receive. Applied to an event in the order they were written.
 */
export class Corrections {
  private readonly byEvent = new Map<string, RecordedCorrection[]>();
  private readonly seenAt = new Set<Position>();
  private after: Position = START;
  private refreshing: Promise<void> = Promise.resolve();

  constructor(private readonly store: Pick<EventStore, 'readAll'>) {}

  /** Reads the corrections written since the last read; one read at a time. */
  refresh(): Promise<void> {
    const next = this.refreshing.then(async () => {
      for (;;) {
        const page = await this.store.readAll({ from: this.after, types: [eventCorrected], maxCount: 500 });
        this.learn(page);
        if (page.length) this.after = page[page.length - 1]!.position;
        if (page.length < 500) return;
      }
    });
    this.refreshing = next.catch(() => {});
    return next;
  }

  /** Notes the corrections among `events` (a batch of the log, in order). */
  learn(events: readonly RecordedEvent[]): void {
    for (const event of events) {
      if (event.type !== eventCorrected || this.seenAt.has(event.position)) continue;
      const data = event.data as EventCorrection;
      this.seenAt.add(event.position);
      const list = this.byEvent.get(data.eventId) ?? [];
      list.push({ ...data, at: event.position, time: event.metadata.at, actorUserId: event.metadata.actorUserId, actorRole: event.metadata.actorRole });
      list.sort((a, b) => comparePositions(a.at, b.at));
      this.byEvent.set(data.eventId, list);
    }
  }

  /** Whether the correction written at `at` is known here. */
  has(at: Position): boolean {
    return this.seenAt.has(at);
  }

  /** The correction written at `at`, if known here. */
  at(at: Position): RecordedCorrection | undefined {
    for (const list of this.byEvent.values()) for (const c of list) if (c.at === at) return c;
    return undefined;
  }

  /** The corrections of one event, oldest first. */
  of(eventId: string): readonly RecordedCorrection[] {
    return this.byEvent.get(eventId) ?? [];
  }

  /** The event as the read models read it: its data with every correction of it applied. */
  apply<E extends RecordedEvent>(event: E): E {
    if (this.byEvent.size === 0) return event;
    const list = this.byEvent.get(event.id);
    if (!list || !isObject(event.data)) return event;
    return { ...event, data: list.reduce((data, c) => applyPatch(data, c.data), event.data) };
  }
}

/**
 * The store as the read models read it: every event with its corrections applied (`Corrections`),
 * and the corrections met in a batch learnt before the batch is handed on. Writes unchanged.
 */
export function correcting(store: EventStore, corrections: Corrections): EventStore {
  return mappingReads(store, (e) => corrections.apply(e), { seen: (events) => corrections.learn(events), latest: false });
}
