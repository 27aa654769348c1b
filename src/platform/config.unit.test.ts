import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: '.data', SEED: true, READ_MODEL_WAIT_MS: 5000, TRUST_PROXY: false, REQUEST_TIMEOUT_MS: 60000 });
  });

  it('treats an empty SESSION_KEY as unset, so the key is generated (docker-compose passes it empty)', () => {
    expect(loadConfig({ SESSION_KEY: '' }).SESSION_KEY).toBeUndefined();
  });

  it("reads TRUST_PROXY as Fastify takes it: a switch or the proxies' addresses", () => {
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'sì' })).toThrow(/^Configurazione non valida: TRUST_PROXY: deve essere true, false o un elenco di indirizzi/);
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow('TRUST_PROXY');
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow('TRUST_PROXY');
  });

  it('reads values and treats empty ones as unset', () => {
    const config = loadConfig({ PORT: '8080', SEED: 'false', DATABASE_URL: '', ADMIN_USERNAME: 'capo', ADMIN_PASSWORD: 'segreto' });
    expect(config).toMatchObject({ PORT: 8080, SEED: false, ADMIN_USERNAME: 'capo' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names the wrong variable and what it must be', () => {
    expect(() => loadConfig({ PORT: 'tremila' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'tremila' })).toThrow(/^Configurazione non valida: PORT: Input non valido: atteso numero/);
    expect(() => loadConfig({ SESSION_KEY: 'corta' })).toThrow('SESSION_KEY: devono essere 64 caratteri esadecimali (32 byte)');
    expect(() => loadConfig({ EVENTSTORE_CONNECTION_STRING: 'http://x' })).toThrow('EVENTSTORE_CONNECTION_STRING');
    expect(() => loadConfig({ ADMIN_USERNAME: 'capo' })).toThrow('ADMIN_USERNAME e ADMIN_PASSWORD vanno impostati insieme');
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/^Configurazione non valida: REQUEST_TIMEOUT_MS: /);
  });
});
