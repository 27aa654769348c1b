import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Queryable } from '../db/pool.js';
import type { EventStore, Position, RecordedEvent, StreamAppend } from './types.js';

/*
 * Personal data in the log, crypto-shredded (issue [21], GDPR art. 17). The fields of an event that
 * hold a person's data (names, e-mails, phones, addresses, texts they wrote, IP addresses, user
 * agents) are declared per event type by the module that writes it (`personalData` in its
 * manifest). The store seals them on the way in: each value is encrypted (AES-256-GCM) with the key
 * of the person it belongs to, kept outside the log (`personal_data_keys`). Readers get them opened:
 * the clear value while the key exists; once the person is erased (the key deleted) the value it
 * had when erased ("Utente cancellato", an address that cannot receive mail…), stored beside the
 * ciphertext and free of any personal data. The events themselves stay, as tax law wants.
 */

/** What an erased person's names, texts and other words read as, everywhere. */
export const ERASED = 'Utente cancellato';

/**
 * Whose data a field is: the id in a field of the event's data (`customerId`, `complainant.userId`),
 * the end of the event's stream name after a prefix (`{ stream: 'user-' }`: the user of `user-<id>`;
 * `{ stream: '' }`: the stream itself, for data of someone who has no account, a contact message's
 * sender), or the user who did it (`{ actor: true }`, the event's metadata).
 */
export type SubjectRef = string | { stream: string } | { actor: true };

/**
 * A field holding personal data: its path in the event's data (`name`, `profile.address`,
 * `items[].note`: each element's), and what it reads as once its person is erased when the words
 * «Utente cancellato» would not do: `email` (an address of the reserved domain `.invalid`, one per
 * person, never delivered) and `unique` (one per person: usernames).
 */
export type PersonalField = string | { path: string; erased: 'email' | 'unique' };

/**
 * The personal data of one person in an event; with `within` (`reviews[]`), of each element of that
 * array, whose own field `subject` names its person (the fields' paths are then the element's).
 */
export interface PersonalFields {
  subject: SubjectRef;
  within?: string;
  fields: readonly PersonalField[];
}

/**
 * Fields of an event type that hold no personal data though their names say they might (a
 * product's `name`, a shop's public `address`), with the reason; without `fields`, the whole event.
 */
export interface NotPersonal {
  notPersonal: string;
  fields?: readonly string[];
}

/** A module's declaration, by event type: its people's fields, and why the others are not personal. */
export type PersonalDataDeclaration = Readonly<Record<string, PersonalFields | NotPersonal | readonly (PersonalFields | NotPersonal)[]>>;

interface CompiledField {
  path: readonly string[];
  erased: 'text' | 'email' | 'unique';
}

interface CompiledPart {
  subject: (event: { streamId: string; data: unknown; metadata: { actorUserId: string | null } }) => string;
  /** The array whose elements each hold a person's fields (`subject` then reads the element). */
  within: readonly string[] | null;
  fields: readonly CompiledField[];
}

/** The declarations of every module, compiled for the store: per event type, its people's fields. */
export class PersonalData {
  private readonly byType = new Map<string, readonly CompiledPart[]>();
  /** Per event type, a text that changes when its declaration does (what sealing the log compares). */
  readonly signatures = new Map<string, string>();

  constructor(declarations: PersonalDataDeclaration) {
    for (const [type, declared] of Object.entries(declarations)) {
      const list = (Array.isArray(declared) ? declared : [declared]) as readonly (PersonalFields | NotPersonal)[];
      const parts = list.filter((item): item is PersonalFields => !('notPersonal' in item));
      if (parts.length === 0) continue;
      this.byType.set(type, parts.map(compilePart));
      this.signatures.set(type, JSON.stringify(parts));
    }
  }

  /** The event types that hold personal data. */
  get types(): string[] {
    return [...this.byType.keys()];
  }

  partsOf(type: string): readonly CompiledPart[] | undefined {
    return this.byType.get(type);
  }

  /** Whether `path` (`name`, `items[].note`) of events of `type` is declared personal. */
  declares(type: string, path: string): boolean {
    const text = (segments: readonly string[]) => segments.join('.').replaceAll('.[]', '[]');
    return (this.byType.get(type) ?? []).some((part) => part.fields.some((field) => text([...(part.within ?? []), ...field.path]) === path));
  }
}

const segmentsOf = (path: string): string[] => path.replaceAll('[]', '.[]').split('.');

function compilePart(part: PersonalFields): CompiledPart {
  return {
    subject: subjectOf(part.subject),
    within: part.within ? segmentsOf(part.within) : null,
    fields: part.fields.map((field) => {
      const path = typeof field === 'string' ? field : field.path;
      return { path: segmentsOf(path), erased: typeof field === 'string' ? 'text' : field.erased };
    }),
  };
}

function subjectOf(ref: SubjectRef): CompiledPart['subject'] {
  if (typeof ref === 'object' && 'actor' in ref) return (event) => event.metadata.actorUserId ?? event.streamId;
  if (typeof ref === 'object') {
    const prefix = ref.stream;
    return (event) => (event.streamId.startsWith(prefix) ? event.streamId.slice(prefix.length) : event.streamId);
  }
  const path = ref.split('.');
  return (event) => {
    let value: unknown = event.data;
    for (const key of path) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    // Data of no known person is kept under its stream: erased with the record it belongs to.
    return typeof value === 'string' && value !== '' ? value : event.streamId;
  };
}

// ---------------------------------------------------------------------------------------------
// Sealed values

/**
 * How an event's data carries what it sealed: its personal values are replaced where they stand by
 * what they read as once their person is erased, and `$pd` holds, per person, the ciphertext of
 * their values with where each goes (`[path, value]` pairs). So a reader without the key — an
 * erased person's — reads the erased values as they are, with no work, and a reader with it opens
 * one ciphertext per person and event.
 */
export const SEALED = '$pd';

/** One person's sealed values in an event: whose, and the ciphertext (iv, tag, then the text) in base64. */
interface SealedPart {
  s: string;
  c: string;
}

type Location = readonly (string | number)[];

/** What `value` reads as once its person (`subject`) is erased: the same shape, none of its words. */
export function erasedValue(value: unknown, erased: CompiledField['erased'], subject: string): unknown {
  if (typeof value === 'string') {
    if (value === '') return '';
    if (erased === 'email') return `cancellato-${subject}@utenti.invalid`;
    if (erased === 'unique') return `cancellato-${subject}`;
    return ERASED;
  }
  if (typeof value === 'number') return 0;
  if (Array.isArray(value)) return value.map((v) => erasedValue(v, erased, subject));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, erasedValue(v, erased, subject)]));
  return value;
}

/** Each present, non-empty value at `path` under `data` (`[]`: each element), with where it stands. */
function locate(data: unknown, path: readonly string[], at: number, where: (string | number)[], found: (location: Location, value: unknown) => void): void {
  if (at === path.length) {
    if (data !== undefined && data !== null && data !== '') found([...where], data);
    return;
  }
  if (path[at] === '[]') {
    if (!Array.isArray(data)) return;
    (data as unknown[]).forEach((element, i) => locate(element, path, at + 1, [...where, i], found));
    return;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return;
  const key = path[at]!;
  if (key in data) locate((data as Record<string, unknown>)[key], path, at + 1, [...where, key], found);
}

/** `data` with `value` at `location`, copied along the way. */
function setAt(data: unknown, location: Location, value: unknown, at = 0): unknown {
  if (at === location.length) return value;
  const step = location[at]!;
  if (typeof step === 'number') {
    if (!Array.isArray(data)) return data;
    const copy = [...(data as unknown[])];
    copy[step] = setAt(copy[step], location, value, at + 1);
    return copy;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const record = data as Record<string, unknown>;
  return { ...record, [step]: setAt(record[step], location, value, at + 1) };
}

const keyObjects = new WeakMap<Buffer, KeyObject>();
const keyObject = (key: Buffer): KeyObject => {
  let object = keyObjects.get(key);
  if (!object) keyObjects.set(key, (object = createSecretKey(key)));
  return object;
};

/** Random IVs drawn from a pool filled 64 KiB at a time: one call to the system's generator costs as much as a cipher. */
let ivPool = Buffer.alloc(0);
let ivAt = 0;
function nextIv(): Buffer {
  if (ivAt + 12 > ivPool.length) {
    ivPool = randomBytes(65_532);
    ivAt = 0;
  }
  return ivPool.subarray(ivAt, (ivAt += 12));
}

function encrypt(key: Buffer, subject: string, text: string): string {
  const iv = nextIv();
  const cipher = createCipheriv('aes-256-gcm', keyObject(key), iv);
  cipher.setAAD(Buffer.from(subject));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

function decrypt(key: Buffer, subject: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyObject(key), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(subject));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** The people whose values `data` carries sealed. */
const sealedParts = (data: unknown): readonly SealedPart[] | null => {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const parts = (data as Record<string, unknown>)[SEALED];
  return Array.isArray(parts) ? (parts as SealedPart[]) : null;
};

// ---------------------------------------------------------------------------------------------
// Keys

/** How long a key read from the database is trusted before it is read again (an erasure elsewhere). */
const keyTtlMs = 60_000;
const cacheLimit = 100_000;

/**
 * Each person's key, in `personal_data_keys`, kept in memory a minute. A person without one gets one
 * when their first personal value is sealed; an erased person's is null for good.
 */
export class PersonalKeys {
  private readonly cache = new Map<string, { key: Buffer | null; until: number }>();

  constructor(
    private readonly db: Queryable,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * The keys of `subjects` when this process knows them all, without a wait (an append's usual
   * case: its person was seen a moment ago); undefined when one must be read or made (`keysOf`).
   */
  knownKeys(subjects: Iterable<string>): Map<string, Buffer | null> | undefined {
    const now = this.clock();
    const found = new Map<string, Buffer | null>();
    for (const subject of subjects) {
      const cached = this.cache.get(subject);
      if (!cached || cached.until <= now) return undefined;
      found.set(subject, cached.key);
    }
    return found;
  }

  /** The keys of `subjects` (null: erased, or none ever made); with `create`, made for those without. */
  async keysOf(subjects: Iterable<string>, create: boolean): Promise<Map<string, Buffer | null>> {
    const now = this.clock();
    const found = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const subject of new Set(subjects)) {
      const cached = this.cache.get(subject);
      if (cached && cached.until > now) found.set(subject, cached.key);
      else missing.push(subject);
    }
    if (missing.length === 0) return found;
    const read = new Map<string, Buffer | null>();
    let unread = missing;
    if (create) {
      // One round trip when they are all new (a person's first event); those made meanwhile elsewhere, or erased, are read after.
      const { rows } = await this.db.query<{ subject_id: string; key: Buffer }>(
        `INSERT INTO personal_data_keys (subject_id, key)
         SELECT s, k FROM unnest($1::text[], $2::bytea[]) AS x (s, k)
         ON CONFLICT (subject_id) DO NOTHING
         RETURNING subject_id, key`,
        [missing, missing.map(() => randomBytes(32))],
      );
      for (const row of rows) read.set(row.subject_id, row.key);
      unread = missing.filter((subject) => !read.has(subject));
    }
    if (unread.length) {
      const { rows } = await this.db.query<{ subject_id: string; key: Buffer | null }>('SELECT subject_id, key FROM personal_data_keys WHERE subject_id = ANY($1::text[])', [
        unread,
      ]);
      for (const row of rows) read.set(row.subject_id, row.key);
    }
    if (this.cache.size + missing.length > cacheLimit) this.trim(missing.length);
    for (const subject of missing) {
      const key = read.get(subject) ?? null;
      found.set(subject, key);
      // A subject with no key yet may get one from another process any moment: not kept.
      if (read.has(subject)) this.cache.set(subject, { key, until: now + keyTtlMs });
    }
    return found;
  }

  /** Deletes these people's keys: what the log holds of them can no longer be read. */
  async erase(...subjects: string[]): Promise<void> {
    if (subjects.length === 0) return;
    await this.db.query(
      `INSERT INTO personal_data_keys (subject_id, key, erased_at) SELECT s, NULL, now() FROM unnest($1::text[]) AS x (s)
       ON CONFLICT (subject_id) DO UPDATE SET key = NULL, erased_at = COALESCE(personal_data_keys.erased_at, now())`,
      [subjects],
    );
    for (const subject of subjects) this.cache.set(subject, { key: null, until: Number.POSITIVE_INFINITY });
  }

  /** Forgets what this process knows of the keys (another process erased someone). */
  forget(subject?: string): void {
    if (subject === undefined) this.cache.clear();
    else this.cache.delete(subject);
  }

  private trim(room: number): void {
    let drop = this.cache.size + room - cacheLimit + cacheLimit / 10;
    for (const subject of this.cache.keys()) {
      if (drop-- <= 0) break;
      this.cache.delete(subject);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Sealing on the way in, opening on the way out

interface Located {
  streamId: string;
  type: string;
  data: unknown;
  metadata: { actorUserId: string | null };
}

/** One personal value of an event: where it stands, the value, what it reads as once erased. */
interface PersonalValue {
  location: Location;
  value: unknown;
  erased: CompiledField['erased'];
}

/** What sealing reads of an event: its type, data and actor, and its stream when it carries it. */
interface SealedIn {
  streamId?: string;
  type: string;
  data: unknown;
  metadata: { actorUserId: string | null };
}

/** Each personal value an event holds, grouped by its person. */
function personalValues(event: Located, parts: readonly CompiledPart[]): Map<string, PersonalValue[]> {
  const bySubject = new Map<string, PersonalValue[]>();
  const add = (subject: string, base: (string | number)[], holder: unknown, field: CompiledField) =>
    locate(holder, field.path, 0, base, (location, value) => {
      let list = bySubject.get(subject);
      if (!list) bySubject.set(subject, (list = []));
      list.push({ location, value, erased: field.erased });
    });
  for (const part of parts) {
    if (!part.within) {
      const subject = part.subject(event);
      for (const field of part.fields) add(subject, [], event.data, field);
      continue;
    }
    locate(event.data, part.within, 0, [], (location, element) => {
      const subject = part.subject({ ...event, data: element });
      for (const field of part.fields) add(subject, [...location], element, field);
    });
  }
  return bySubject;
}

/**
 * The events with their personal values sealed by their people's keys (made where missing): each
 * value replaced by what it reads as once erased, and each person's values encrypted in `$pd`
 * (none for a person already erased). Events holding none come back as they were. `streamOf`
 * names an event's stream when the events do not carry it (an append's, all of one stream).
 * Without a wait when nothing is to be sealed or every key is known here: an append pays no
 * extra turn of the event loop for it (bench:eventstore f, the sealed appends).
 */
export function sealEvents<E extends SealedIn>(
  events: readonly E[],
  declarations: PersonalData,
  keys: PersonalKeys,
  streamOf: (event: E, index: number) => string = (event) => event.streamId!,
): E[] | Promise<E[]> {
  const values: (Map<string, PersonalValue[]> | null)[] = [];
  const subjects = new Set<string>();
  for (const [index, event] of events.entries()) {
    const parts = declarations.partsOf(event.type);
    const held = parts ? personalValues({ streamId: streamOf(event, index), type: event.type, data: event.data, metadata: event.metadata }, parts) : null;
    values.push(held?.size ? held : null);
    if (held) for (const subject of held.keys()) subjects.add(subject);
  }
  if (subjects.size === 0) return events as E[];
  const seal = (known: ReadonlyMap<string, Buffer | null>): E[] =>
    events.map((event, i) => {
      const held = values[i];
      if (!held) return event;
      let data: unknown = event.data;
      const sealed: SealedPart[] = [];
      for (const [subject, list] of held) {
        for (const { location, value, erased } of list) data = setAt(data, location, erasedValue(value, erased, subject));
        const key = known.get(subject);
        if (key) sealed.push({ s: subject, c: encrypt(key, subject, JSON.stringify(list.map(({ location, value }) => [location, value]))) });
      }
      return { ...event, data: sealed.length ? { ...(data as Record<string, unknown>), [SEALED]: sealed } : data };
    });
  const known = keys.knownKeys(subjects);
  return known ? seal(known) : keys.keysOf(subjects, true).then(seal);
}

/** The data with each person's sealed values put back, where their key is known. */
function openData(stored: Record<string, unknown>, parts: readonly SealedPart[], known: ReadonlyMap<string, Buffer | null>): unknown {
  const { [SEALED]: _sealed, ...rest } = stored;
  let data: unknown = rest;
  for (const part of parts) {
    const key = known.get(part.s);
    if (!key) continue;
    for (const [location, value] of JSON.parse(decrypt(key, part.s, part.c)) as [Location, unknown][]) data = setAt(data, location, value);
  }
  return data;
}

/**
 * The events with their personal values opened: each person's sealed values put back while their
 * key exists; an erased person's stay as erased. `$pd` is never handed on, but for an event not of
 * `types` when a reader names the types it reads (a read model passing the others by). The keys are
 * read for the whole batch at once, and each event is opened then, into a plain object: an event
 * whose data opened on first read (a getter of its own) made every read model's look at its type
 * ten times slower, 52 of them passing over it (scripts/bench/eventstore.ts, f).
 */
export async function openEvents<E extends { type: string; data: unknown }>(events: readonly E[], keys: PersonalKeys, types?: ReadonlySet<string>): Promise<E[]> {
  const opens = (event: E) => sealedParts(event.data) !== null && (!types || types.has(event.type));
  let sealedAny = false;
  const subjects = new Set<string>();
  for (const event of events) {
    if (!opens(event)) continue;
    sealedAny = true;
    for (const part of sealedParts(event.data)!) subjects.add(part.s);
  }
  if (!sealedAny) return events as E[];
  const known = subjects.size ? await keys.keysOf(subjects, false) : new Map<string, Buffer | null>();
  return events.map((event) => (opens(event) ? { ...event, data: openData(event.data as Record<string, unknown>, sealedParts(event.data)!, known) } : event));
}

/**
 * The store with every event's personal values sealed when appended and opened when read: what
 * every reader (commands, projections, the history, the export) sees is clear, or erased.
 */
export function sealingPersonalData(store: EventStore, declarations: PersonalData, keys: PersonalKeys): EventStore {
  const openAll = (events: RecordedEvent[]) => openEvents(events, keys);
  const append: EventStore['appendToStream'] = (streamId, events, options) => {
    const sealed = sealEvents(events, declarations, keys, () => streamId);
    return Array.isArray(sealed) ? store.appendToStream(streamId, sealed, options) : sealed.then((ready) => store.appendToStream(streamId, ready, options));
  };
  return {
    kind: store.kind,
    appendToStream: append,
    ...(store.appendToStreams
      ? {
          appendToStreams: async (appends: StreamAppend[]) => {
            const streams = appends.flatMap((a) => a.events.map(() => a.streamId));
            const sealed = await sealEvents(
              appends.flatMap((a) => a.events),
              declarations,
              keys,
              (_, index) => streams[index]!,
            );
            let at = 0;
            return store.appendToStreams!(appends.map((a) => ({ ...a, events: sealed.slice(at, (at += a.events.length)) })));
          },
        }
      : {}),
    readStream: async (streamId, options) => openAll(await store.readStream(streamId, options)),
    readStreams: async (reads) => {
      const streams = await store.readStreams(reads);
      const opened = await openAll(streams.flat());
      let at = 0;
      return streams.map((events) => opened.slice(at, (at += events.length)));
    },
    readAll: async (options) => openAll(await store.readAll(options)),
    readLatest: async (options) => openAll(await store.readLatest(options)),
    subscribeToAll: (handler, options) => store.subscribeToAll(async (events) => handler(await openEvents(events, keys, options?.types)), options),
    deleteStream: (streamId, options) => store.deleteStream(streamId, options),
    headPosition: () => store.headPosition(),
    countAfter: (position, cap) => store.countAfter(position, cap),
    ...(store.commitOf ? { commitOf: (position: Position) => store.commitOf!(position) } : {}),
    close: () => store.close(),
  };
}

const sharedKeys = new WeakMap<object, PersonalKeys>();

/** The one PersonalKeys of a database's pool in this process: an erasure is seen by every reader here at once. */
export function personalKeysOf(db: Queryable): PersonalKeys {
  let keys = sharedKeys.get(db);
  if (!keys) sharedKeys.set(db, (keys = new PersonalKeys(db)));
  return keys;
}
