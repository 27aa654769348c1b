import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded.js';
import { migrate } from '../../src/platform/db/migrate.js';
import { createPool } from '../../src/platform/db/pool.js';
import { newDatabase } from './database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A connection string with the right to create databases. */
    pgAdminUrl: string;
    /** A database migrated once for the run: each test file's database is a copy of it (createTestDatabase). */
    pgTemplate: string;
    /** Every server of the run (one per test worker), each with its migrated template; the above are the first. */
    pgServers: { adminUrl: string; template: string }[];
    /** The product's modules' folders of migrations (`catalog.migrations`, as hrefs), which createTestDatabase applies again. */
    pgMigrations: string[];
  }
}

/**
 * Migrates one database for the whole run, which each test file copies (CREATE DATABASE …
 * TEMPLATE, a file copy) instead of running every migration again: about two seconds less per
 * file. Dropped at the end of the run.
 */
async function migratedTemplate(adminUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const template = await newDatabase(adminUrl, 'vicino_template');
  const pool = createPool(template.url);
  await migrate(pool, await moduleMigrations);
  // A template must have no connection open while it is copied.
  await pool.end();
  return template;
}

/**
 * The modules' folders of migrations, read off their manifests as the app does (src/system.ts);
 * loading every module takes a while, so it starts at once, beside the servers.
 */
const moduleMigrations = import('../../src/modules/index.js').then(({ catalog }) => catalog.migrations);

/** One server of the run: where to create databases, and the migrated one to copy. */
interface TestServer {
  adminUrl: string;
  template: string;
}

/**
 * The run's real PostgreSQL: `DATABASE_URL` when set, otherwise embedded servers on free ports in
 * temporary folders, one per test worker (the project's maxWorkers). Each test file makes its own
 * database on its worker's server (createTestDatabase, by VITEST_POOL_ID). One server per worker,
 * because the log reads only what no transaction still running on the server might come before
 * (postgres event store: the snapshot's xmin is the server's, across its databases): a file's
 * long transactions would hold back another file's reads on a shared server.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    const template = await migratedTemplate(process.env.DATABASE_URL);
    await provide(project, [{ adminUrl: process.env.DATABASE_URL, template: template.name }]);
    return () => template.drop();
  }
  const workers = Math.max(1, Number(project.config.maxWorkers ?? project.globalConfig.maxWorkers ?? 1) || 1);
  const started = await Promise.all(
    Array.from({ length: workers }, async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'vicino-test-pg-'));
      // Run as root, the server runs as the 'postgres' user, which must reach the folder.
      await chmod(dir, 0o755);
      const server = await startEmbeddedPostgres({ dir: path.join(dir, 'pg') });
      const template = await migratedTemplate(server.adminUrl);
      return { dir, server, template };
    }),
  );
  await provide(
    project,
    started.map(({ server, template }) => ({ adminUrl: server.adminUrl, template: template.name })),
  );
  return async () => {
    await Promise.all(
      started.map(async ({ dir, server, template }) => {
        await template.drop();
        await server.stop();
        await rm(dir, { recursive: true, force: true });
      }),
    );
  };
}

async function provide(project: TestProject, servers: TestServer[]): Promise<void> {
  project.provide('pgServers', servers);
  project.provide(
    'pgMigrations',
    (await moduleMigrations).map((folder) => folder.href),
  );
  project.provide('pgAdminUrl', servers[0]!.adminUrl);
  project.provide('pgTemplate', servers[0]!.template);
}
