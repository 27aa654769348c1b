import { execFile, spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/*
 * The check for docker-compose.yml: Debian's `docker-compose config` validates it without
 * a Docker engine. On a clean clone there is no .env, so the file must stand on its own.
 */
const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;
if (!hasCompose) console.warn('docker-compose.yml check skipped: no docker-compose. Install it with "apt-get install -y docker-compose".');

describe.skipIf(!hasCompose)('docker-compose.yml', () => {
  it('is accepted by docker-compose config with no .env and no SESSION_KEY', async () => {
    // A folder of its own, so a developer's .env beside the real file cannot help it pass.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vicino-compose-'));
    try {
      const file = path.join(dir, 'docker-compose.yml');
      await copyFile('docker-compose.yml', file);
      const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['SESSION_KEY', 'TRUST_PROXY', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'ADMIN_EMAIL'].includes(k)));
      const { stdout } = await promisify(execFile)('docker-compose', ['-f', file, 'config'], { cwd: dir, env });
      // The app keeps DATA_DIR on a volume, where it generates the session key it then reuses.
      expect(stdout).toMatch(/DATA_DIR: \/data/);
      expect(stdout).toMatch(/- app-data:\/data/);
      expect(stdout).toMatch(/SESSION_KEY: ''/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
