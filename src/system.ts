import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from './platform/config.js';
import { ensureDatabase, runningEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedDatabase } from './platform/db/embedded.js';
import { migrate } from './platform/db/migrate.js';
import { createPool, type Pool } from './platform/db/pool.js';
import { createReadDb, type ReadDb } from './platform/db/read.js';
import { createEventStore } from './platform/eventstore/index.js';
import type { EventStore } from './platform/eventstore/types.js';
import { upcasting } from './platform/eventstore/upcasting.js';
import { PersonalData, personalKeysOf, sealingPersonalData } from './platform/eventstore/personal-data.js';
import { sealStoredEvents } from './platform/eventstore/seal-stored.js';
import { pseudonymiseStoredClaims } from './platform/commands/uniqueness.js';
import { catalog as productCatalog } from './modules/index.js';
import { ProjectionHost } from './platform/projections/host.js';
import { startUpkeep } from './platform/processes/upkeep.js';
import { startSingleWorkers, type WorkerStatus } from './platform/processes/leases.js';
import type { Projection } from './platform/projections/projection.js';
import type { ModuleCatalog, ProcessConfig } from './platform/module.js';

export interface System {
  databaseUrl: string;
  pool: Pool;
  /** The read side's client (slonik): queries of the read models with zod-typed rows. */
  db: ReadDb;
  store: EventStore;
  projections: ProjectionHost;
  embedded: EmbeddedDatabase | null;
  /** The app's secret (SESSION_KEY): the sessions' key, and what signs the links the e-mails carry. */
  secret: Buffer;
  /** The settings the background work reads (ProcessDeps). */
  config: ProcessConfig;
  /** Every read model, and the event types holding personal data (what an erasure rebuilds: ProcessDeps). */
  readModels: readonly Projection[];
  personalEventTypes: readonly string[];
  /** Where the data lives, for people: the embedded server's folder, or the server of DATABASE_URL. */
  dataLocation: string;
  /** True when the database had no events before this start: the moment to seed. */
  firstStart: boolean;
  /** The background workers, and which of them run in this process (each runs in one process at a time). */
  workers(): WorkerStatus[];
  stop(): Promise<void>;
}

type SystemConfig = Pick<Config, 'DATABASE_URL' | 'EVENTSTORE_CONNECTION_STRING' | 'DATA_DIR'> & Partial<Pick<Config, 'SESSION_KEY'>> & ProcessConfig;

/**
 * Where the database is: `DATABASE_URL`, or the embedded server of `DATA_DIR/pg` — the one a
 * running app already started, or one started here (and stopped by `stop`).
 */
export async function openDatabase(config: SystemConfig, logger?: Logger): Promise<{ url: string; embedded: EmbeddedDatabase | null; location: string }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, embedded: null, location: describeServer(config.DATABASE_URL) };
  const dir = path.join(config.DATA_DIR, 'pg');
  const running = await runningEmbeddedPostgres(dir);
  if (running) {
    await ensureDatabase(running.adminUrl, 'vicino');
    return { url: running.urlFor('vicino'), embedded: null, location: `${running.dataDir} (PostgreSQL incorporato, già avviato da un altro processo)` };
  }
  const embedded = await startEmbeddedPostgres({
    dir,
    log: logger ? (line) => logger.debug({ postgres: line.trim() }) : undefined,
  });
  await ensureDatabase(embedded.adminUrl, 'vicino');
  return { url: embedded.urlFor('vicino'), embedded, location: `${embedded.dataDir} (PostgreSQL incorporato)` };
}

/** A connection string without its password: user, host, port and database. */
function describeServer(url: string): string {
  try {
    const u = new URL(url);
    return `${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host}${u.pathname} (DATABASE_URL)`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Composition of the back end: database → migrations → event store → projections, of the modules
 * of `catalog` (the product's; a test may add a toy module to the list).
 */
export async function startSystem(
  config: SystemConfig,
  {
    logger,
    catalog = productCatalog,
    projections = catalog.projections,
    runProjections = true,
    secret: given,
  }: { logger?: Logger; catalog?: ModuleCatalog; projections?: Projection[]; runProjections?: boolean; secret?: Buffer } = {},
): Promise<System> {
  // The database first: a data folder it cannot use is told as its problem, in its words.
  const { url, embedded, location } = await openDatabase(config, logger);
  const pool = createPool(url, 20);
  let db: ReadDb | undefined;
  try {
    const secret = given ?? (await loadSessionKey(config));
    await migrate(pool, catalog.migrations);
    db = await createReadDb(url, 20);
    // Personal data is sealed in the log by each person's key (issue [21]); what older code stored
    // in clear is sealed once here, before anything reads. Events stored in an older shape are
    // read in today's (each module's upcasters).
    const personalData = new PersonalData(catalog.personalData);
    const keys = personalKeysOf(pool);
    const log = createEventStore({ connectionString: config.EVENTSTORE_CONNECTION_STRING, pool, databaseUrl: url });
    if (log.kind === 'postgres') {
      const sealed = await sealStoredEvents(pool, personalData, keys, catalog.upcasters);
      const renamed = await pseudonymiseStoredClaims(pool);
      if (sealed || renamed) logger?.info({ sealed, renamed }, 'Dati personali del registro cifrati');
    }
    const store = upcasting(sealingPersonalData(log, personalData, keys), catalog.upcasters);
    const firstStart = (await store.headPosition()) === '0/0';
    const host = new ProjectionHost(store, pool, url, projections, { logger });
    if (runProjections) await host.start();
    for (const module of catalog.modules) {
      const prepared = await module.prepare?.(store);
      if (prepared && runProjections) await host.waitFor(prepared, 30_000);
    }
    // Processes read the read models, so they run where the projections do.
    const processConfig: ProcessConfig = { STRIPE_API_URL: config.STRIPE_API_URL, PAYPAL_API_URL: config.PAYPAL_API_URL, GOOGLE_MAPS_API_URL: config.GOOGLE_MAPS_API_URL };
    const processDeps = { store, pool, db, secret, config: processConfig, readModels: projections, personalEventTypes: personalData.types };
    // Each worker runs in the one process holding its lease; the others stand by to take it over.
    const workers = startSingleWorkers(
      pool,
      runProjections
        ? catalog.workers.map((worker) => ({
            name: worker.name,
            start: () => ('job' in worker ? startUpkeep(processDeps, [worker.job], { logger }) : worker.process(processDeps, { logger })),
          }))
        : [],
      { logger },
    );
    await workers.ready;
    return {
      databaseUrl: url,
      pool,
      db,
      store,
      projections: host,
      embedded,
      secret,
      config: processConfig,
      readModels: projections,
      personalEventTypes: personalData.types,
      dataLocation: location,
      firstStart,
      workers: () => workers.status(),
      async stop() {
        await workers.stop();
        await host.stop();
        await store.close();
        await pool.end();
        await db!.end();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await pool.end().catch(() => {});
    await db?.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
}

/** `SESSION_KEY`, or a key generated once into `DATA_DIR/session.key`. */
export async function loadSessionKey(config: Pick<Config, 'SESSION_KEY' | 'DATA_DIR'>): Promise<Buffer> {
  if (config.SESSION_KEY) return Buffer.from(config.SESSION_KEY, 'hex');
  const file = path.join(config.DATA_DIR, 'session.key');
  if (existsSync(file)) return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  await mkdir(config.DATA_DIR, { recursive: true });
  const key = randomBytes(32);
  await writeFile(file, key.toString('hex'), { mode: 0o600 });
  return key;
}
