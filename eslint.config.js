// @ts-check
/*
 * ESLint (`npm run lint`, `npm run lint:fix`; `npm test` runs it): typescript-eslint with the types
 * (each file's nearest tsconfig.json, through the project service), React's rules of hooks and
 * jsx-a11y on the web, and the layout's import rules (eslint/boundaries.js). Biome formats
 * (biome.json); nothing here is about layout of the text.
 */
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries } from './eslint/boundaries.js';

const typescript = ['src/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', 'web/src/**/*.{ts,tsx}', 'web/vite.config.ts'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      'node_modules/**',
      // The app's data: the database, uploads, screenshots.
      '.data/**',
      'deploy/**',
      // k6's scenarios: plain JavaScript for k6's runtime, checked by its own tsconfig (npm run typecheck:load).
      'scripts/load/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    // The configuration files at the root: plain rules, no types (no tsconfig includes them).
    files: ['*.js', '*.ts', 'eslint/*.js'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: typescript,
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // The compiler's noUnusedLocals/noUnusedParameters say it already (tsconfig.json), once.
      '@typescript-eslint/no-unused-vars': 'off',
      // `async` without `await` is how a function here says it answers with a promise (Fastify's
      // handlers, the store's and the senders' interfaces): dropping it would turn a thrown error
      // into a synchronous throw where callers expect a rejection.
      '@typescript-eslint/require-await': 'off',
      // No code here uses `this` in a function taken off an object: deciders, drains and the
      // servers' handles are plain function values (`events.reduce(decider.evolve, state)`).
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/only-throw-error': [
        'error',
        // react-admin's auth provider rejects with a redirection, not an Error (its documented form).
        { allow: [{ from: 'file', name: 'AuthRedirect' }] },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        // React ignores what an event handler returns; the async handlers catch their own errors
        // (toasts): `onClick={save}` with an async `save` is the idiom, not a forgotten promise.
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    // A test reads answers as JSON (`response.json()` is `any`) and checks them with expect, which
    // is its type check; typing each answer again would repeat the contracts the tests prove.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // A test's fake servers and spies are async functions handed to callbacks typed as returning
      // nothing (node's createServer, vi.fn): a rejection there fails the test all the same.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    // The back office's data provider is where react-admin's untyped JSON comes in (fetchJson's
    // `json` is `any`, getList is generic in the record it answers): the screens type their
    // records by their resources' contracts (`<ResourceList<Row>>`, `render={(r: Row) => …}`).
    files: ['web/src/admin/dataProvider.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['src/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      // A dialog's first field takes the focus as it opens (MUI's components, not DOM elements,
      // which move the focus inside the dialog the screen reader has announced).
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // Diagnostics for the React Compiler, which this build does not run (Vite's React plugin
      // without it): reading the clock while rendering a deadline, a text field following the map's
      // pin, a callback naming the form it resets, react-hook-form's watch() are right without it.
      'react-hooks/purity': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/immutability': 'off',
      'react-hooks/incompatible-library': 'off',
    },
  },
  ...boundaries,
);
