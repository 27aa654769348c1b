// @ts-check
/*
 * The layout's import rules (docs/architecture.md) that one file's imports can break, written once
 * here and held by ESLint (`npm run lint`). The rules that follow a file's imports to the end (a
 * decider's and a contract's run-time closure) stay in src/architecture.unit.test.ts, which also
 * proves, file by file, that each rule below catches what it says.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The web's files of the server it runs (`@pure/<module>/<file>`), read off its imports. */
function pureFilesTheWebRuns() {
  /** @param {string} dir @returns {string[]} */
  const sources = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(full);
      return /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  const names = new Set();
  for (const file of sources(path.join(root, 'web/src')))
    for (const m of readFileSync(file, 'utf8').matchAll(/\bfrom\s+['"]@pure\/([^'"]+)['"]/g)) names.add(`src/modules/${m[1]}.ts`);
  return [...names].sort();
}

const onlyTypes = 'is run by the web app: it imports nothing but types (import type …).';

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
              message:
                'The web reads the contracts and the contract kit only for their types (import type …): their code runs the server’s zod setup and would ship every schema.',
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
  {
    name: 'vicino/files-the-web-runs-import-only-types',
    files: ['src/modules/*/labels.ts', ...pureFilesTheWebRuns()],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex: '.', allowTypeImports: true, message: `This file ${onlyTypes}` }] }],
    },
  },
];
