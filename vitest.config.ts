import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { hangAfter } from './tests/support/time-limits.ts';
import { serverAliases } from './web/vite.config.ts';

const unitTests = ['src/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts', 'tests/*.unit.test.ts', 'web/src/**/*.unit.test.{ts,tsx}'];

/**
 * The unit test files that replace a module or a global (vi.mock and the like): they run each in
 * a fresh module graph. The others share one per worker (isolate: false), which saves loading the
 * same modules again for every file: most of the unit tests' time (77 s against 34 s on 2 cores).
 */
const replacingModules = ['src', 'scripts', 'tests', 'web/src'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file}`)
    // The paths unitTests takes (tests/ at its top only).
    .filter((file) => /^(?:(?:src|scripts|web\/src)\/.+|tests\/[^/]+)\.unit\.test\.tsx?$/.test(file))
    .filter((file) => /\bvi\.(mock|doMock|unmock|stubEnv|stubGlobal|resetModules)\(/.test(readFileSync(file, 'utf8'))),
);

export default defineConfig({
  test: {
    // Two files at once even on two cores: most of a file's time is waiting on PostgreSQL. Each
    // worker has a server of its own (tests/support/postgres.global.ts). The journeys run after them.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        // The web's unit tests import the server's domain helpers as the web app does.
        resolve: { alias: serverAliases },
        test: {
          name: 'unit',
          testTimeout: hangAfter(5_000),
          include: unitTests,
          exclude: [...configDefaults.exclude, ...replacingModules],
          isolate: false,
        },
      },
      {
        resolve: { alias: serverAliases },
        test: {
          name: 'unit-isolated',
          testTimeout: hangAfter(5_000),
          include: replacingModules,
        },
      },
      {
        test: {
          name: 'int',
          include: ['src/**/*.int.test.ts', 'scripts/**/*.int.test.ts', 'tests/**/*.int.test.ts'],
          globalSetup: ['tests/support/postgres.global.ts'],
          // A worker loads the app's modules once for all its files, not once per file (about 3 s
          // of CPU each, 400 s of a run): every file makes its own app, database and servers, and
          // none replaces a module (vi.mock). What a module keeps between calls is per file or
          // harmless to share (tests/support's newArea counts per file; the clock is put back).
          // A file that must replace a module belongs in a project of its own, as unit-isolated.
          isolate: false,
          setupFiles: ['tests/support/real-timers.setup.ts'],
          // Limits end a hang and never measure speed: a quiet machine's worst, times the slowness a
          // busy one may have (tests/support/time-limits.ts, issue [25]).
          testTimeout: hangAfter(30_000),
          hookTimeout: hangAfter(60_000),
          expect: { poll: { timeout: hangAfter(5_000) } },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/support/postgres.global.ts', 'tests/e2e/support/seeded.global.ts', 'tests/e2e/support/web-build.global.ts'],
          // Two journeys at once, after the unit and int files (a group of their own): 924 s against
          // 1,064 s one at a time (one alone left about an eighth of the two cores idle). Each file
          // has its own site, database copy and Chromium. Two at once under load found a page that
          // stopped waiting for a plan bought before the store's copy of it was written (fixed).
          sequence: { groupOrder: 1 },
          // The app's modules loaded once per worker for all its journeys, as for the int files (about
          // 3 s of CPU a file); what they keep per stream is kept per event store (platform/eventstore/per-store.ts).
          isolate: false,
          setupFiles: ['tests/support/real-timers.setup.ts'],
          // A page may take seconds to show what it fetched on a loaded machine: polls wait for it.
          expect: { poll: { timeout: hangAfter(10_000) } },
          testTimeout: hangAfter(60_000),
          hookTimeout: hangAfter(120_000),
        },
      },
    ],
  },
});
