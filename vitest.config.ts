import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['src/**/*.int.test.ts', 'scripts/**/*.int.test.ts', 'tests/**/*.int.test.ts'],
          globalSetup: ['tests/support/postgres.global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
