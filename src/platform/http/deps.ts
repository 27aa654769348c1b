import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { Pool } from '../db/pool.js';
import type { ReadDb } from '../db/read.js';
import type { EventStore, Position } from '../eventstore/types.js';
import type { ProjectionHost } from '../projections/host.js';
import type { WorkerStatus } from '../processes/leases.js';
import type { ModuleCatalog } from '../module.js';

/** What the HTTP layer is given by the composition root (src/main.ts, src/system.ts). */
export interface AppDeps {
  /** TRUST_PROXY absent means false, REQUEST_TIMEOUT_MS absent its default, as in the config. */
  config: Pick<Config, 'NODE_ENV' | 'READ_MODEL_WAIT_MS' | 'LOG_LEVEL'> &
    Partial<Pick<Config, 'TRUST_PROXY' | 'REQUEST_TIMEOUT_MS' | 'STRIPE_API_URL' | 'PAYPAL_API_URL' | 'GOOGLE_MAPS_API_URL'>>;
  pool: Pool;
  /** The read models, through slonik with zod-typed rows (queries of the read side). */
  db: ReadDb;
  store: EventStore;
  projections: ProjectionHost;
  /** The background workers and whether this process runs each (system.ts); none in API-only tests. */
  workers?: () => WorkerStatus[];
  sessionKey: Buffer;
  logger?: Logger;
  /** The built web app to serve; null serves none (API-only tests). Default: dist/web. */
  webRoot?: string | null;
  /** Where uploaded files are kept (DATA_DIR/uploads); null disables uploads. */
  uploadsDir?: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** What the modules add up to: their event names, sentences, audited aggregates. */
    catalog: ModuleCatalog;
    /** `value` as the JSON text the answer schema writes (answers.ts): for answers kept as text (read caches). */
    writeAnswer<S extends z.ZodType>(schema: S, value: z.output<S>): string;
  }
  interface FastifyRequest {
    /** The types of the events this request appended (commandContext notes them); null before any. */
    written: Set<string> | null;
    /**
     * Waits (bounded by READ_MODEL_WAIT_MS) until the read models this request's events change
     * (those that apply the types it appended) include `position`: read-your-writes (design §1),
     * and nothing else to wait for. False when the wait ran out, or at once when one of them is
     * stopped at an event it cannot apply; the write itself stands either way.
     */
    settle(position: Position | null): Promise<boolean>;
  }
}
