import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

/** The customer, shopkeeper and collaborator app (and, lazily, the admin), served by the API. */
export default defineConfig({
  root,
  plugins: [react()],
  resolve: { alias: serverAliases },
  build: {
    outDir: path.join(root, '..', 'dist', 'web'),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    // The page's own host goes through: the API's same-origin guard compares it with the Origin header.
    proxy: { '/api': { target: api, changeOrigin: false }, '/uploads': { target: api, changeOrigin: false } },
  },
});
