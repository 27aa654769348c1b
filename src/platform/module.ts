import type pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Pool } from './db/pool.js';
import type { ReadDb } from './db/read.js';
import type { Config } from './config.js';
import type { Decider } from './domain/decider.js';
import type { EventStore, Position } from './eventstore/types.js';
import type { Upcaster } from './eventstore/upcasting.js';
import type { PersonalDataDeclaration } from './eventstore/personal-data.js';
import type { Projection, Recorded } from './projections/projection.js';
import type { DomainEvent } from './domain/decider.js';
import type { RecordedEvent } from './eventstore/types.js';
import type { PageHead } from './http/plugins/web.js';

/** The settings background work reads. */
export type ProcessConfig = Partial<Pick<Config, 'STRIPE_API_URL' | 'PAYPAL_API_URL' | 'GOOGLE_MAPS_API_URL'>>;

/** What a module's commands are given: the event store, the pool and the read side's client (slonik), as the routes have them. */
export interface CommandDeps {
  store: EventStore;
  pool: Pool;
  db: ReadDb;
}

/** What a module's background work is given: the log and the read models' database. */
export interface ProcessDeps extends CommandDeps {
  /** Where the payment providers' SDKs talk to, when not to the providers themselves (tests, local mocks). */
  config: ProcessConfig;
  /** The app's secret (SESSION_KEY): signs what a worker writes for the app to check later (e-mail links). */
  secret: Buffer;
  /** Every read model of the app (what an erasure rebuilds: issue [21]). */
  readModels?: readonly Projection[];
  /** The event types that hold personal data (the modules' `personalData`). */
  personalEventTypes?: readonly string[];
}

/** Work the upkeep runs at start (catching up after downtime) and then every minute. */
export interface PeriodicJob {
  /** Named in the log when a run fails. */
  name: string;
  run(deps: ProcessDeps, now: Date, logger?: Logger): Promise<void>;
}

/** A long-running worker of its own (e.g. the Web Push sender), stopped with the system. */
export type ProcessStarter = (deps: ProcessDeps, options: { logger?: Logger }) => { stop(): Promise<void> };

/** Any aggregate's decider, as the history folds it: its own events into its own state. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each aggregate has its own state and events
type AnyDecider = Pick<Decider<never, any, any>, 'initialState' | 'evolve'>;

/** An aggregate the admin can audit (the history tab): its stream and its decider. */
export interface AuditedAggregate {
  stream(id: string): string;
  decider(id: string): AnyDecider;
  /** One record for the whole platform (the settings), addressed as id "current". */
  singleton?: boolean;
}

/** One sentence that tells what an event did, with the event's own data. */
export type EventSentence = (data: Record<string, unknown>) => string;

/** One notice an event gives one person, in Italian, with the page of the app it leads to. */
export interface Notice {
  userId: string;
  title: string;
  message: string;
  link: string | null;
}

/**
 * How one type of event is told to the people it concerns (the notifications module applies every
 * module's). `tell` reads the event and, through `tx` (the notifications' transaction: read only),
 * the read models it needs; the first notice of an event takes the event's id, the others one
 * derived from the event and the user, so the order of the notices must not change.
 */
export interface NoticeRule<Ev extends RecordedEvent = RecordedEvent> {
  /** The kind of notice a user chooses how to hear (notifications' `noticeKinds`); none: always. */
  kind?: string;
  tell(event: Ev, tx: pg.ClientBase): Notice[] | Promise<Notice[]>;
}

/** A module's notices, by the type of event they tell. */
export type Notices = Record<string, NoticeRule>;

/** The notices of the events of the union `E`, each rule typed by its event. */
export type NoticesOf<E extends DomainEvent> = { [K in E['type']]?: NoticeRule<Recorded<E, K>> };

/** A notice to `userId` (NoticeRule). */
export const notice = (userId: string, title: string, message: string, link: string | null): Notice => ({ userId, title, message, link });

/** How the export's readable summary writes a value: an instant or a day in Rome's time, cents as euros, yes or no, or a value's Italian name. */
export type ExportFormat = 'time' | 'day' | 'money' | 'yes-no' | Readonly<Record<string, string>>;

/**
 * One kind of record a person's export holds (GDPR artt. 15 and 20, issue [21]): the rows of one
 * query, `$1::uuid` the person's id, and the columns the readable
 * summary shows, in Italian. The JSON file keeps every field of the rows, as the query names them.
 */
export interface PersonalExportSection {
  /** The section's key in the JSON file ("orders"). */
  key: string;
  title: string;
  /** One sentence: what these records are. */
  about: string;
  /** The tables the query reads that name the person. */
  tables: readonly string[];
  sql: string;
  /** The summary's columns: the row's field, its Italian label, how to write it (text when not said). */
  columns: readonly (readonly [field: string, label: string, format?: ExportFormat])[];
}

export type PersonalExport = readonly PersonalExportSection[];

/**
 * A bounded context of the product as the platform sees it: everything it brings, declared in
 * one place (its `module.ts`). `src/modules/index.ts` lists every module; the app, the migrations,
 * the projection host, the upkeep, the history and the event names are built from that list.
 */
export interface ModuleManifest {
  name: string;
  /** Hooks every request passes (e.g. maintenance mode), added after the sessions, before any route. */
  hooks?: ((app: FastifyInstance) => void)[];
  /** What the web app's page head gains from this module (one module only: the settings). */
  pageHead?: PageHead;
  /** Its HTTP routes (Fastify plugins), registered in this order. */
  routes?: FastifyPluginAsyncZod[];
  /** The read models it owns. */
  projections?: Projection[];
  /**
   * The folder of its SQL migrations, `new URL('./migrations/', import.meta.url)`: files
   * `NNN_<module>_<what>.sql`, applied with the platform's and every module's in the global order
   * of their numbers (`platform/db/migrate.ts`).
   */
  migrations?: URL;
  /** Every event type it writes, in Italian, as the admin's history and activity name them. */
  events?: Record<string, string>;
  /** Readers of its events stored in an older shape, by event type (event versioning). */
  upcasters?: Record<string, Upcaster>;
  /**
   * Which fields of its events hold whose personal data, by event type (sealed in the log with
   * that person's key, issue [21]: platform/eventstore/personal-data.ts); or why an event type
   * whose fields' names look personal holds none. `personal-data-coverage.unit.test.ts` names
   * every event field that looks personal and is declared neither way.
   */
  personalData?: PersonalDataDeclaration;
  /**
   * What the module holds about a person, as their export (GDPR artt. 15 and 20, issue [21]) reads
   * it: one section per kind of record, each one query of its read models. Every table that names a
   * person is read by some module's section (`privacy/export.int.test.ts` finds those that are not).
   */
  personalExport?: PersonalExport;
  /** Sentences for the admin's recent activity; an event without one is told by its name. */
  summaries?: Record<string, EventSentence>;
  /** What its events tell the people they concern (the notifications apply them). */
  notices?: Notices;
  /** Read models built from every module's notices (one module only: the notifications). */
  tells?(notices: Readonly<Notices>): Projection[];
  /** Aggregate types the admin may audit, by the name the history's URL uses. */
  audited?: Record<string, AuditedAggregate>;
  /** Periodic work (deadlines, expiries, safety nets) run where the projections run. */
  jobs?: PeriodicJob[];
  /** Long-running workers, started where the projections run. */
  processes?: ProcessStarter[];
  /** Records every database needs before serving (e.g. the categories); their last position. */
  prepare?(store: EventStore): Promise<Position | null>;
}

/** What the whole list of modules adds up to, looked up by the platform's shared parts. */
export class ModuleCatalog {
  readonly projections: Projection[];
  /** The modules' folders of migrations, for `migrate` (which adds the platform's own). */
  readonly migrations: URL[];
  readonly eventNames: Readonly<Record<string, string>>;
  readonly audited: Readonly<Record<string, AuditedAggregate>>;
  readonly upcasters: Readonly<Record<string, Upcaster>>;
  /** Every module's declarations of personal data in its events, and the platform's own. */
  readonly personalData: PersonalDataDeclaration;
  /** Every module's sections of a person's export, in the modules' order. */
  readonly personalExport: PersonalExport;
  /** Every module's notices, by event type. */
  readonly notices: Readonly<Notices>;
  private readonly sentences: Record<string, EventSentence>;

  constructor(
    readonly modules: readonly ModuleManifest[],
    /** Events the platform itself writes (uniqueness and Idempotency-Key claims). */
    platformEvents: Record<string, string> = {},
    /** The personal data in the events the platform itself writes. */
    platformPersonalData: PersonalDataDeclaration = {},
  ) {
    const names = new Set<string>();
    for (const module of modules) {
      if (names.has(module.name)) throw new Error(`Two modules named ${module.name}`);
      names.add(module.name);
    }
    this.notices = mergeOnce(
      modules.map((m) => m.notices ?? {}),
      (type) => `Notices of ${type} declared by two modules`,
    );
    this.projections = modules.flatMap((m) => [...(m.projections ?? []), ...(m.tells?.(this.notices) ?? [])]);
    this.migrations = modules.flatMap((m) => (m.migrations ? [m.migrations] : []));
    this.eventNames = mergeOnce([platformEvents, ...modules.map((m) => m.events ?? {})], (type) => `Event type ${type} declared by two modules`);
    this.audited = mergeOnce(
      modules.map((m) => m.audited ?? {}),
      (type) => `Aggregate ${type} declared by two modules`,
    );
    this.upcasters = mergeOnce(
      modules.map((m) => m.upcasters ?? {}),
      (type) => `Upcaster of ${type} declared by two modules`,
    );
    this.personalData = mergeOnce([platformPersonalData, ...modules.map((m) => m.personalData ?? {})], (type) => `Personal data of ${type} declared by two modules`);
    this.personalExport = modules.flatMap((m) => m.personalExport ?? []);
    const keys = new Set<string>();
    for (const section of this.personalExport) {
      if (keys.has(section.key)) throw new Error(`Export section ${section.key} declared twice`);
      keys.add(section.key);
    }
    this.sentences = mergeOnce(
      modules.map((m) => m.summaries ?? {}),
      (type) => `Summary of ${type} declared by two modules`,
    );
  }

  /** The Italian name of an event type; an unknown type keeps its own name rather than none. */
  eventName(type: string): string {
    return this.eventNames[type] ?? type;
  }

  /** A short Italian sentence telling what an event did, for the admin's recent activity. */
  eventSummary(type: string, data: unknown): string {
    const sentence = this.sentences[type];
    return sentence && data && typeof data === 'object' ? sentence(data as Record<string, unknown>) : `${this.eventName(type)}.`;
  }

  get jobs(): PeriodicJob[] {
    return this.modules.flatMap((m) => m.jobs ?? []);
  }

  get processes(): ProcessStarter[] {
    return this.modules.flatMap((m) => m.processes ?? []);
  }

  /**
   * Every background worker with its name: each upkeep job on its own, and each module's
   * processes (`<module>`, or `<module> 2`… when it has several). Each runs in one app process at
   * a time (platform/processes/leases.ts).
   */
  get workers(): ({ name: string; job: PeriodicJob } | { name: string; process: ProcessStarter })[] {
    return [
      ...this.jobs.map((job) => ({ name: `upkeep: ${job.name}`, job })),
      ...this.modules.flatMap((m) => (m.processes ?? []).map((process, i) => ({ name: i ? `${m.name} ${i + 1}` : m.name, process }))),
    ];
  }
}

function mergeOnce<V>(parts: Record<string, V>[], clash: (key: string) => string): Record<string, V> {
  const merged: Record<string, V> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key in merged) throw new Error(clash(key));
      merged[key] = value;
    }
  }
  return merged;
}
