import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from '../../src/http/app.js';
import type { AppDeps } from '../../src/http/deps.js';
import { startSystem, type System } from '../../src/system.js';
import type { Projection } from '../../src/projections/projection.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  system: System;
  db: TestDatabase;
  close(): Promise<void>;
}

/** The whole back end on a fresh database of the test server, driven through `app.inject`. */
export async function startTestApp({
  projections,
  webRoot = null,
  uploadsDir = null,
  config,
  logger,
  onRoute,
}: {
  projections?: Projection[];
  webRoot?: string | null;
  uploadsDir?: string | null;
  /** Settings over the test ones, e.g. NODE_ENV: 'production'. */
  config?: Partial<AppDeps['config']>;
  logger?: Logger;
  /** Told of every route as the app adds it. */
  onRoute?: (route: RouteOptions) => void;
} = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const system = await startSystem({ DATABASE_URL: db.url, DATA_DIR: '/nonexistent' }, { projections });
  const app = await buildApp({
    config: { NODE_ENV: 'test', READ_MODEL_WAIT_MS: 5_000, LOG_LEVEL: 'silent', ...config },
    pool: system.pool,
    store: system.store,
    projections: system.projections,
    sessionKey: randomBytes(32),
    logger,
    webRoot,
    uploadsDir,
  }, { onRoute });
  await app.ready();
  return {
    app,
    system,
    db,
    async close() {
      await app.close();
      await system.stop();
      await db.drop();
    },
  };
}

/** Keeps the session cookie between injected requests, as a browser would. */
export class Browser {
  private cookie = '';
  constructor(private readonly app: FastifyInstance, private readonly ip = '127.0.0.1') {}

  async request(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) {
    // Buffers and streams go as they are (multipart); anything else as JSON.
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      ...(body !== undefined ? { payload: Buffer.isBuffer(body) || body instanceof Readable ? body : (body as object) } : {}),
    });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const pair = line.split(';')[0]!;
      this.cookie = pair.endsWith('=') ? '' : pair;
    }
    return response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
}
