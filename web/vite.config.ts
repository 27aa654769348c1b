import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));
/** `npm run dev:web` forwards the API to `npm run dev` (API_URL when that runs elsewhere). */
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * The server code the web may import (web/tsconfig.json `paths`, the same names): each module's
 * contract, for its types, the pure domain helpers (one distance function for both sides) and a
 * module's Italian names of its states (labels.ts, pure data).
 */
const serverSrc = path.join(root, '..', 'src');
export const serverAliases = [
  { find: /^@contracts\/(.+)$/, replacement: path.join(serverSrc, 'modules', '$1', 'contract.ts') },
  { find: /^@platform\/http\/(.+)$/, replacement: path.join(serverSrc, 'platform', 'http', '$1.ts') },
  { find: /^@platform\/domain\/(.+)$/, replacement: path.join(serverSrc, 'platform', 'domain', '$1.ts') },
  { find: /^@labels\/(.+)$/, replacement: path.join(serverSrc, 'modules', '$1', 'labels.ts') },
  // A module's file of pure code the browser runs too (an e-mail template's rendering, the checkout's shipping rule):
  // it imports only pure files and zod at run time (src/architecture.unit.test.ts holds it).
  { find: /^@pure\/([^/]+)\/(.+)$/, replacement: path.join(serverSrc, 'modules', '$1', '$2.ts') },
];

const noCssVars = path.join(root, 'src', 'lib', 'mui-no-css-vars');

/**
 * MUI's themes with CSS variables, which the site never makes (app/theme.ts makes one without), left
 * out of the build: createTheme and ThemeProvider import them whatever the theme, 7.3 KB gzipped of
 * the first load (issue [23]). Asked for anyway, they throw an error that says so
 * (src/lib/mui-no-css-vars).
 */
function withoutCssVariableThemes(): Plugin {
  return {
    name: 'vicino:mui-without-css-variable-themes',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]@mui[\\/]material[\\/]styles[\\/]/.test(importer)) return null;
      if (source === './createThemeWithVars.mjs') return path.join(noCssVars, 'createThemeWithVars.ts');
      if (source === './ThemeProviderWithVars.mjs') return path.join(noCssVars, 'ThemeProviderWithVars.ts');
      return null;
    },
  };
}

/**
 * React Router's production build in a production build: its package exports only the development
 * one (with its warnings) to bundlers.
 */
function reactRouterProduction(): Plugin {
  const dist = path.join(root, '..', 'node_modules', 'react-router', 'dist', 'production');
  return {
    name: 'vicino:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (source === 'react-router') return path.join(dist, 'index.mjs');
      if (source === 'react-router/dom') return path.join(dist, 'dom-export.mjs');
      return null;
    },
  };
}

/**
 * The home page's parts it fetches as soon as it shows (lazy only so the page paints first): they are
 * part of the first load, with the entry and what it imports.
 */
const firstViewParts = [path.join(root, 'src', 'features', 'home', 'NearbySection.tsx')];

/**
 * The modules a first visit to the home page runs, read from a first build's chunks: the entry's
 * chunk and those it imports, and the chunks of firstViewParts with theirs. Rolldown's own split
 * gives them in about forty files, most of them a few hundred bytes (one MUI component shared with
 * a later page), whose gzip each starts without the others' words: 196.9 KB against 180.0 in one
 * (issue [23], bench:web).
 */
export function firstLoadModules(output: readonly (Rolldown.OutputChunk | Rolldown.OutputAsset)[]): Set<string> {
  const chunks = new Map(output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const starts = [...chunks.values()].filter((chunk) => chunk.isEntry || (chunk.facadeModuleId !== null && firstViewParts.includes(chunk.facadeModuleId)));
  if (starts.length !== 1 + firstViewParts.length) throw new Error(`first load: expected the entry and ${firstViewParts.join(', ')} as chunks of their own`);
  const modules = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk): void => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const id of chunk.moduleIds) modules.add(id);
    for (const file of chunk.imports) visit(chunks.get(file)!);
  };
  starts.forEach(visit);
  return modules;
}

/** The second build's split: the first load's modules in one chunk, the rest split as Rolldown does. */
export function firstLoadSplitting(modules: Set<string>) {
  return { groups: [{ name: 'index', test: (id: string) => modules.has(id) }] };
}

/** The customer, shopkeeper and collaborator app (and, lazily, the admin), served by the API. */
export default defineConfig({
  root,
  plugins: [react(), withoutCssVariableThemes(), reactRouterProduction()],
  resolve: { alias: serverAliases },
  build: {
    outDir: path.join(root, '..', 'dist', 'web'),
    emptyOutDir: true,
    sourcemap: false,
    // The first load is one file (firstLoadSplitting): about 600 kB before gzip, 180 after.
    chunkSizeWarningLimit: 800,
  },
  server: {
    // The page's own host goes through: the API's same-origin guard compares it with the Origin header.
    proxy: { '/api': { target: api, changeOrigin: false }, '/uploads': { target: api, changeOrigin: false } },
  },
});
