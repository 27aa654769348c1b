import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppLogger, readable } from './logger.js';

/** A console that keeps what it is told. */
function keptConsole(): { stream: NodeJS.WritableStream; said: () => string } {
  let said = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      said += chunk.toString();
      done();
    },
  });
  return { stream, said: () => said };
}

describe('the started app’s log (issue [19]: the requests buried the start banner)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vicino-log-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('in development writes every line to the data folder’s log and shows the console only warnings and errors, in Italian', async () => {
    const screen = keptConsole();
    const { logger, file } = createAppLogger({ NODE_ENV: 'development', LOG_LEVEL: 'info', DATA_DIR: dir }, screen.stream);
    expect(file).toBe(path.join(dir, 'logs', 'vicino.log'));
    logger.info({ method: 'GET', url: '/api/stores', status: 200 }, 'request');
    logger.warn('le viste di lettura non sono ancora aggiornate');
    logger.error({ err: new Error('connessione chiusa') }, 'notifica push non riuscita');
    const lines = (await readFile(file!, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toEqual(['request', 'le viste di lettura non sono ancora aggiornate', 'notifica push non riuscita']);
    const said = screen.said().trim().split('\n');
    expect(said).toHaveLength(2);
    expect(said[0]).toMatch(/^\d\d:\d\d:\d\d attenzione: le viste di lettura non sono ancora aggiornate$/);
    expect(said[1]).toMatch(/^\d\d:\d\d:\d\d errore: notifica push non riuscita: connessione chiusa$/);
  });

  it('shows every line on the console too at debug level, as the developer asked', () => {
    const screen = keptConsole();
    const { logger } = createAppLogger({ NODE_ENV: 'development', LOG_LEVEL: 'debug', DATA_DIR: dir }, screen.stream);
    logger.debug('a detail');
    logger.info('request');
    expect(screen.said()).toMatch(/debug: a detail\n.*info: request\n$/);
  });

  it('in production, or with LOG_FILE=-, keeps every line on standard output as JSON (no file)', () => {
    expect(createAppLogger({ NODE_ENV: 'production', LOG_LEVEL: 'info', DATA_DIR: dir }).file).toBeNull();
    expect(createAppLogger({ NODE_ENV: 'development', LOG_LEVEL: 'info', DATA_DIR: dir, LOG_FILE: '-' }).file).toBeNull();
  });

  it('writes to LOG_FILE when given, and moves a log past 20 MB aside when the app starts', async () => {
    const chosen = path.join(dir, 'altrove', 'app.log');
    const first = createAppLogger({ NODE_ENV: 'production', LOG_LEVEL: 'info', DATA_DIR: dir, LOG_FILE: chosen });
    expect(first.file).toBe(chosen);
    first.logger.info('the first line');
    await writeFile(chosen, 'x'.repeat(20 * 1024 * 1024 + 1));
    const second = createAppLogger({ NODE_ENV: 'production', LOG_LEVEL: 'info', DATA_DIR: dir, LOG_FILE: chosen });
    second.logger.info('after the move');
    expect((await readFile(`${chosen}.1`, 'utf8')).length).toBe(20 * 1024 * 1024 + 1);
    expect(await readFile(chosen, 'utf8')).toContain('"msg":"after the move"');
  });

  it('reads a line that is not JSON as it is', () => {
    expect(readable('not json')).toBe('not json');
  });
});

describe('a log file that cannot be written', () => {
  it('does not stop the app: the lines go to standard output', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vicino-log-'));
    try {
      const notAFolder = path.join(dir, 'un-file');
      await writeFile(notAFolder, '');
      expect(createAppLogger({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dir, LOG_FILE: path.join(notAFolder, 'x.log') }).file).toBeNull();
      expect(createAppLogger({ NODE_ENV: 'development', LOG_LEVEL: 'fatal', DATA_DIR: notAFolder }).file).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
