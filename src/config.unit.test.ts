import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: '.data', SEED: true, READ_MODEL_WAIT_MS: 5000 });
  });

  it('reads values and treats empty ones as unset', () => {
    const config = loadConfig({ PORT: '8080', SEED: 'false', DATABASE_URL: '', ADMIN_USERNAME: 'capo', ADMIN_PASSWORD: 'segreto' });
    expect(config).toMatchObject({ PORT: 8080, SEED: false, ADMIN_USERNAME: 'capo' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the wrong variable and what it must be', () => {
    expect(() => loadConfig({ PORT: 'tremila' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'tremila' })).toThrow(/^Invalid configuration: PORT: /);
    expect(() => loadConfig({ SESSION_KEY: 'corta' })).toThrow('SESSION_KEY: must be 64 hexadecimal characters (32 bytes)');
    expect(() => loadConfig({ EVENTSTORE_CONNECTION_STRING: 'http://x' })).toThrow('EVENTSTORE_CONNECTION_STRING');
    expect(() => loadConfig({ ADMIN_USERNAME: 'capo' })).toThrow('ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  });
});
