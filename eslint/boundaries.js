// @ts-check
/*
 * The layout's import rules (docs/architecture.md) that one file's imports can break, written once
 * here and held by ESLint (`npm run lint`). The rules that follow a file's imports to the end (a
 * decider's, a contract's and the run-time closure of every server file the web runs: pure files
 * and zod, no contract, no HTTP kit) stay in src/architecture.unit.test.ts; tests/web-server-imports
 * proves that each rule below catches what it says.
 */
/** @type {import('eslint').Linter.Config[]} */
export const boundaries = [
  {
    name: 'vicino/platform-imports-no-module',
    files: ['src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules(/|$)',
              message: 'The platform imports no module: modules use the platform, never the reverse (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    name: 'vicino/routes-ask-commands',
    files: ['src/**/*routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)platform/commands/handle-command(\\.js)?$',
              message: 'Routes ask the module’s commands (commands.ts), never handleCommand themselves.',
            },
          ],
        },
      ],
    },
  },
  {
    name: 'vicino/web-imports-server-types-and-pure-files',
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@contracts/*', '@platform/http/*'],
              allowTypeImports: true,
              message: 'The web reads the contracts and the contract kit only for their types (import type …): their code runs the server’s zod setup and would ship every schema.',
            },
            {
              regex: '^\\.{1,2}/(.*/)?src/',
              message: 'The web reaches the server only through its aliases (@contracts, @platform/domain, @labels, @pure): see web/vite.config.ts.',
            },
          ],
        },
      ],
    },
  },
];
