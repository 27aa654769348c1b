import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string with the right to create databases. */
    pgAdminUrl: string;
  }
}

/**
 * One real PostgreSQL server for the whole run: `DATABASE_URL` when set, otherwise an
 * embedded one on a free port in a temporary folder. Each test file makes its own database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.DATABASE_URL);
    return async () => {};
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vicino-test-pg-'));
  // Run as root, the server runs as the 'postgres' user, which must reach the folder.
  await chmod(dir, 0o755);
  const server = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
  project.provide('pgAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
