import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { firstLoadModules, firstLoadSplitting } from '../web/vite.config.js';

/*
 * Runs before `npm start`: builds the web app when dist/web is missing or older than any file of
 * web/, so a fresh clone starts with its pages and a second start does not wait for a build.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'web');
const built = path.join(root, 'dist', 'web', 'index.html');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/** Brotli and gzip copies beside each text asset: the API serves them to browsers that accept them. */
function precompress(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(full);
    else if (/\.(js|css|html|svg|json)$/.test(entry.name)) {
      const body = readFileSync(full);
      writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }));
    }
  }
}

const force = process.argv.includes('--force');
// The web bundles the server's pure domain helpers too (web/vite.config.ts serverAliases).
const sources = [web, path.join(root, 'src', 'platform', 'domain')];
if (force || !existsSync(built) || statSync(built).mtimeMs < Math.max(...sources.map(newest))) {
  console.log('Preparo l’interfaccia web (vite build)…');
  // Under a test runner NODE_ENV is "test": React would then ship its development build.
  process.env.NODE_ENV = 'production';
  const configFile = path.join(web, 'vite.config.ts');
  // Built twice: the first build's chunks say which modules a first visit runs, the second puts
  // them in one file (web/vite.config.ts, firstLoadModules).
  const probe = await build({ configFile, logLevel: 'warn', build: { write: false } });
  const modules = firstLoadModules((Array.isArray(probe) ? probe[0]! : (probe as Rolldown.RolldownOutput)).output);
  await build({ configFile, logLevel: 'warn', build: { rolldownOptions: { output: { codeSplitting: firstLoadSplitting(modules) } } } });
  precompress(path.dirname(built));
}
