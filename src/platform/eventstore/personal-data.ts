import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/pool.js';
import type { EventStore, NewEvent, Position, RecordedEvent, StreamAppend } from './types.js';

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

/** A personal value as stored: whose it is, its ciphertext (none once erased) and what it reads as after. */
export interface Sealed {
  $pd: string;
  c?: string;
  r: unknown;
}

export const isSealed = (value: unknown): value is Sealed =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && typeof (value as { $pd?: unknown }).$pd === 'string';

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

function seal(value: unknown, erased: CompiledField['erased'], subject: string, key: Buffer | null): Sealed {
  const r = erasedValue(value, erased, subject);
  if (!key) return { $pd: subject, r };
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subject));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { $pd: subject, c: Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64'), r };
}

function open(sealed: Sealed, key: Buffer | null | undefined): unknown {
  if (!key || sealed.c === undefined) return sealed.r;
  const bytes = Buffer.from(sealed.c, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(sealed.$pd));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as unknown;
}

/**
 * `data` with `change` applied to the values at `path` (`[]`: each element of an array), copied
 * along the way only where something changed; absent, null and empty values are left alone.
 */
function mapPath(data: unknown, path: readonly string[], change: (value: unknown) => unknown, at = 0): unknown {
  if (at === path.length) return data === undefined || data === null || data === '' ? data : change(data);
  if (path[at] === '[]') {
    if (!Array.isArray(data)) return data;
    const list = data as unknown[];
    let copy: unknown[] | null = null;
    for (let i = 0; i < list.length; i++) {
      const next = mapPath(list[i], path, change, at + 1);
      if (next !== list[i]) (copy ??= [...list])[i] = next;
    }
    return copy ?? list;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const record = data as Record<string, unknown>;
  const key = path[at]!;
  if (!(key in record)) return data;
  const next = mapPath(record[key], path, change, at + 1);
  return next === record[key] ? data : { ...record, [key]: next };
}

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
    if (create) {
      await this.db.query(
        `INSERT INTO personal_data_keys (subject_id, key)
         SELECT s, k FROM unnest($1::text[], $2::bytea[]) AS x (s, k)
         ON CONFLICT (subject_id) DO NOTHING`,
        [missing, missing.map(() => randomBytes(32))],
      );
    }
    const { rows } = await this.db.query<{ subject_id: string; key: Buffer | null }>('SELECT subject_id, key FROM personal_data_keys WHERE subject_id = ANY($1::text[])', [
      missing,
    ]);
    const read = new Map(rows.map((row) => [row.subject_id, row.key]));
    if (this.cache.size + missing.length > cacheLimit) this.trim(missing.length);
    for (const subject of missing) {
      const key = read.get(subject) ?? null;
      found.set(subject, key);
      // A subject with no key yet may get one from another process any moment: not kept.
      if (read.has(subject)) this.cache.set(subject, { key, until: now + keyTtlMs });
    }
    return found;
  }

  /** Deletes the person's key: what the log holds of them can no longer be read. */
  async erase(subject: string): Promise<void> {
    await this.db.query(
      `INSERT INTO personal_data_keys (subject_id, key, erased_at) VALUES ($1, NULL, now())
       ON CONFLICT (subject_id) DO UPDATE SET key = NULL, erased_at = COALESCE(personal_data_keys.erased_at, now())`,
      [subject],
    );
    this.cache.set(subject, { key: null, until: Number.POSITIVE_INFINITY });
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

/**
 * `data` with `change(subject, holder)` applied to each holder of the part's fields: the event's
 * data itself, or each element of the part's array (`within`), whose subject it names.
 */
function eachHolder(event: Located, part: CompiledPart, change: (subject: string, holder: unknown) => unknown): unknown {
  if (!part.within) return change(part.subject(event), event.data);
  return mapPath(event.data, part.within, (element) => change(part.subject({ ...event, data: element }), element), 0);
}

/** The events with their personal values sealed by their people's keys (made where missing). */
export async function sealEvents<E extends Located>(events: readonly E[], declarations: PersonalData, keys: PersonalKeys): Promise<E[]> {
  const subjects = new Set<string>();
  for (const event of events) {
    for (const part of declarations.partsOf(event.type) ?? []) {
      eachHolder(event, part, (subject, holder) => {
        subjects.add(subject);
        return holder;
      });
    }
  }
  if (subjects.size === 0) return events as E[];
  const known = await keys.keysOf(subjects, true);
  return events.map((event) => {
    const parts = declarations.partsOf(event.type);
    if (!parts) return event;
    let data = event.data;
    for (const part of parts) {
      data = eachHolder({ ...event, data }, part, (subject, holder) => {
        const key = known.get(subject) ?? null;
        let sealed = holder;
        for (const field of part.fields) sealed = mapPath(sealed, field.path, (value) => (isSealed(value) ? value : seal(value, field.erased, subject, key)), 0);
        return sealed;
      });
    }
    return data === event.data ? event : { ...event, data };
  });
}

/** The events with their personal values opened: clear while their person's key exists. */
export async function openEvents<E extends Located>(events: readonly E[], declarations: PersonalData, keys: PersonalKeys): Promise<E[]> {
  const subjects = new Set<string>();
  const collect = (value: unknown) => {
    if (isSealed(value) && value.c !== undefined) subjects.add(value.$pd);
    return value;
  };
  let any = false;
  for (const event of events) {
    const parts = declarations.partsOf(event.type);
    if (!parts) continue;
    any = true;
    for (const part of parts) for (const field of part.fields) mapPath(event.data, [...(part.within ?? []), ...field.path], collect, 0);
  }
  if (!any) return events as E[];
  const known = subjects.size ? await keys.keysOf(subjects, false) : new Map<string, Buffer | null>();
  return events.map((event) => {
    const parts = declarations.partsOf(event.type);
    if (!parts) return event;
    let data = event.data;
    for (const part of parts) {
      for (const field of part.fields) data = mapPath(data, [...(part.within ?? []), ...field.path], (value) => (isSealed(value) ? open(value, known.get(value.$pd)) : value), 0);
    }
    return data === event.data ? event : { ...event, data };
  });
}

/**
 * The store with every event's personal values sealed when appended and opened when read: what
 * every reader (commands, projections, the history, the export) sees is clear, or erased.
 */
export function sealingPersonalData(store: EventStore, declarations: PersonalData, keys: PersonalKeys): EventStore {
  const openAll = (events: RecordedEvent[]) => openEvents(events, declarations, keys);
  const sealOne = (streamId: string, events: NewEvent[]) =>
    sealEvents(
      events.map((event) => ({ ...event, streamId })),
      declarations,
      keys,
    ).then((sealed) => sealed.map(({ streamId: _s, ...event }) => event as NewEvent));
  return {
    kind: store.kind,
    appendToStream: async (streamId, events, options) => store.appendToStream(streamId, await sealOne(streamId, events), options),
    ...(store.appendToStreams
      ? {
          appendToStreams: async (appends: StreamAppend[]) => {
            const all = appends.flatMap((a) => a.events.map((event) => ({ ...event, streamId: a.streamId })));
            const sealed = await sealEvents(all, declarations, keys);
            let at = 0;
            return store.appendToStreams!(
              appends.map((a) => ({
                ...a,
                events: sealed.slice(at, (at += a.events.length)).map(({ streamId: _s, ...event }) => event as NewEvent),
              })),
            );
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
    subscribeToAll: (handler, options) => store.subscribeToAll(async (events) => handler(await openAll(events)), options),
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
