import type { EventStore, Position, RecordedEvent } from './types.js';

/**
 * Reads an event of one type written in an older shape into today's shape (event versioning).
 * The log is never rewritten: old events keep the shape they were stored with, and every reader
 * (commands folding a stream, projections, the history, exports) sees them as if written today.
 * An upcaster must recognise today's shape and leave it as it is.
 */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/** The store with every read passed through the upcasters of the events' types; writes unchanged. */
export function upcasting(store: EventStore, upcasters: Readonly<Record<string, Upcaster>>): EventStore {
  if (Object.keys(upcasters).length === 0) return store;
  return mappingReads(store, (event) => {
    const upcast = upcasters[event.type];
    if (!upcast || event.data === null || typeof event.data !== 'object') return event;
    const data = upcast(event.data as Record<string, unknown>);
    return data === event.data ? event : { ...event, data };
  });
}

/**
 * The store with every event it reads passed through `map` (an upcaster, a correction); writes
 * unchanged. `seen` is told of each batch read from the log (readAll, the subscription) before
 * it is mapped; `latest: false` leaves the latest events (the recent activity) as stored.
 */
export function mappingReads(
  store: EventStore,
  map: (event: RecordedEvent) => RecordedEvent,
  { seen, latest = true }: { seen?: (events: RecordedEvent[]) => void; latest?: boolean } = {},
): EventStore {
  const all = (events: RecordedEvent[]) => events.map(map);
  const fromLog = (events: RecordedEvent[]) => {
    seen?.(events);
    return all(events);
  };
  return {
    kind: store.kind,
    appendToStream: (streamId, events, options) => store.appendToStream(streamId, events, options),
    ...(store.appendToStreams ? { appendToStreams: (appends: Parameters<NonNullable<EventStore['appendToStreams']>>[0]) => store.appendToStreams!(appends) } : {}),
    readStream: async (streamId, options) => all(await store.readStream(streamId, options)),
    readStreams: async (reads) => (await store.readStreams(reads)).map(all),
    readAll: async (options) => fromLog(await store.readAll(options)),
    readLatest: latest ? async (options) => all(await store.readLatest(options)) : (options) => store.readLatest(options),
    subscribeToAll: (handler, options) => store.subscribeToAll((events) => handler(fromLog(events)), options),
    deleteStream: (streamId, options) => store.deleteStream(streamId, options),
    headPosition: () => store.headPosition(),
    countAfter: (position, cap) => store.countAfter(position, cap),
    ...(store.commitOf ? { commitOf: (position: Position) => store.commitOf!(position) } : {}),
    close: () => store.close(),
  };
}

/**
 * An old event's amount in euros (`price: 2.35`) read as today's cents (`priceCents: 235`), the
 * euro field removed; null stays null, an absent field stays absent. Data already in today's
 * shape comes back as it is. Rounded to the cent: the old read models held two decimals.
 */
export function eurosToCents(data: Record<string, unknown>, euros: string, cents: string): Record<string, unknown> {
  if (!(euros in data) || cents in data) return data;
  const { [euros]: amount, ...rest } = data;
  return { ...rest, [cents]: typeof amount === 'number' ? Math.round(amount * 100) : amount };
}

/** eurosToCents for several fields of one object, in their order. */
export const amountsToCents = (data: Record<string, unknown>, fields: Record<string, string>): Record<string, unknown> =>
  Object.entries(fields).reduce((d, [euros, cents]) => eurosToCents(d, euros, cents), data);

/** An upcaster that applies `change` to the object under `key` (e.g. a product's `fields`), when there is one. */
export const within =
  (key: string, change: (inner: Record<string, unknown>) => Record<string, unknown>): Upcaster =>
  (data) => {
    const inner = data[key];
    if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return data;
    const changed = change(inner as Record<string, unknown>);
    return changed === inner ? data : { ...data, [key]: changed };
  };
