import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

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

const force = process.argv.includes('--force');
if (force || !existsSync(built) || statSync(built).mtimeMs < newest(web)) {
  console.log('Preparo l’interfaccia web (vite build)…');
  // Under a test runner NODE_ENV is "test": React would then ship its development build.
  process.env.NODE_ENV = 'production';
  await build({ configFile: path.join(web, 'vite.config.ts'), logLevel: 'warn' });
}
