import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Logger } from 'pino';
import type { AppDeps } from '../../src/platform/http/deps.js';
import type { ModuleCatalog } from '../../src/platform/module.js';
import { startSystem, type System } from '../../src/system.js';
import type { Projection } from '../../src/platform/projections/projection.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { madeBeforeAll } from './made.js';
import { hangAfter } from './time-limits.js';
import { appOn } from './system-app.js';

export interface TestApp {
  app: FastifyInstance;
  system: System;
  db: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The modules to compose instead of the product's (a toy one added to the list: tests/toy-context.int.test.ts). */
  catalog?: ModuleCatalog;
  projections?: Projection[];
  webRoot?: string | null;
  /** Uploads on, as the app runs, in a temporary folder of its own that close() removes. */
  uploads?: boolean;
  /** Settings over the test ones, e.g. NODE_ENV: 'production'. */
  config?: Partial<AppDeps['config']>;
  logger?: Logger;
  /** Told of every route as the app adds it. */
  onRoute?: (route: RouteOptions) => void;
  /** Done on the fresh, migrated database before the system starts on it (a log as older code wrote it). */
  before?: (db: TestDatabase) => Promise<void>;
  /** The databases to copy instead of the run's migrated one, one per server (the journeys' seeded ones). */
  template?: readonly string[];
}

/** The whole back end on a fresh database of the test server, driven through `app.inject`. */
export async function startTestApp({ catalog, projections, webRoot = null, uploads = false, config, logger, onRoute, before, template }: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase({ template });
  await before?.(db);
  // The background work talks to the providers the app talks to.
  const system = await startSystem(
    {
      DATABASE_URL: db.url,
      DATA_DIR: '/nonexistent',
      STRIPE_API_URL: config?.STRIPE_API_URL,
      PAYPAL_API_URL: config?.PAYPAL_API_URL,
      GOOGLE_MAPS_API_URL: config?.GOOGLE_MAPS_API_URL,
    },
    { catalog, projections, secret: randomBytes(32) },
  );
  const uploadsDir = uploads ? await mkdtemp(path.join(tmpdir(), 'vicino-uploads-')) : null;
  const app = await appOn(
    system,
    {
      config: { NODE_ENV: 'test', READ_MODEL_WAIT_MS: Math.min(hangAfter(5_000), 60_000), LOG_LEVEL: 'silent', ...config },
      logger,
      webRoot,
      uploadsDir,
    },
    { onRoute, catalog },
  );
  await app.ready();
  return {
    app,
    system,
    db,
    async close() {
      await app.close();
      await system.stop();
      await db.drop();
      if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's app (startTestApp), started before its tests and closed after them; `options`
 * may be worked out then (a temporary folder). Read it inside tests and hooks.
 */
export function useTestApp(options: TestAppOptions | (() => Promise<TestAppOptions>) = {}): TestApp {
  return madeBeforeAll(
    async () => startTestApp(typeof options === 'function' ? await options() : options),
    (t) => t.close(),
  );
}

/** Keeps the cookies the app sets (session, known device) between injected requests, as a browser would. */
export class Browser {
  /** By name; paths aside, since every call is under /api. */
  private readonly jar = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly ip = '127.0.0.1',
  ) {}

  /** The Cookie header it sends. */
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Another browser with this one's cookies, from another address if given (a copied cookie, a second tab). */
  copy(ip = this.ip): Browser {
    const other = new Browser(this.app, ip);
    for (const [name, value] of this.jar) other.jar.set(name, value);
    return other;
  }

  async request(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) {
    // Buffers and streams go as they are (multipart); anything else as JSON.
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: { ...(this.jar.size ? { cookie: this.cookie } : {}), ...headers },
      ...(body !== undefined ? { payload: Buffer.isBuffer(body) || body instanceof Readable ? body : (body as object) } : {}),
    });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value) this.jar.set(name, value);
      else this.jar.delete(name);
    }
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
}
