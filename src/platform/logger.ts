import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import type { Config } from './config.js';

/**
 * The app's logger (design §4: one line per request). Cookies and passwords are masked should
 * any log object ever carry them; request bodies are never logged at all.
 */
export function createLogger(level: Config['LOG_LEVEL'], destination?: pino.DestinationStream): pino.Logger {
  return pino({ level, redact: ['req.headers.cookie', 'password', '*.password'] }, destination);
}

/** A log file past this size is moved aside (`.1`, replacing the one before) when the app starts. */
const keptBytes = 20 * 1024 * 1024;

export interface AppLog {
  logger: pino.Logger;
  /** The file the JSON lines go to, or null when they go to standard output. */
  file: string | null;
}

/**
 * The logger of a started app (issue [19]: thousands of request lines buried the start banner).
 * - In production, or with `LOG_FILE=-`: every line on standard output, as JSON, for whatever
 *   collects the platform's logs.
 * - Elsewhere (a developer's `npm start`): every line to `LOG_FILE`, by default
 *   `<DATA_DIR>/logs/vicino.log`, and the console shows warnings and errors only, one Italian line
 *   each; at `LOG_LEVEL=debug` or `trace` it shows every line, the developer asked for them.
 */
export function createAppLogger(config: Pick<Config, 'NODE_ENV' | 'LOG_LEVEL' | 'LOG_FILE' | 'DATA_DIR'>, screen: NodeJS.WritableStream = process.stderr): AppLog {
  const chosen = config.LOG_FILE ?? (config.NODE_ENV === 'production' ? '-' : path.join(config.DATA_DIR, 'logs', 'vicino.log'));
  if (chosen === '-' || config.LOG_LEVEL === 'silent') return { logger: createLogger(config.LOG_LEVEL), file: null };
  const file = path.resolve(chosen);
  let toFile: pino.DestinationStream;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    if (existsSync(file) && statSync(file).size > keptBytes) renameSync(file, `${file}.1`);
    // Written as each line comes: a line said just before the process ends is not lost.
    toFile = pino.destination({ dest: file, sync: true, append: true });
  } catch (error) {
    // A log that cannot be written is no reason not to start: its lines go to standard output,
    // and whatever else is wrong with the data folder is said by the part that needs it.
    const logger = createLogger(config.LOG_LEVEL);
    logger.warn({ file, reason: error instanceof Error ? error.message : String(error) }, 'file di registro non scrivibile: il registro va sullo standard output');
    return { logger, file: null };
  }
  const consoleLevel = config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace' ? config.LOG_LEVEL : 'warn';
  const streams = pino.multistream([
    { level: config.LOG_LEVEL, stream: toFile },
    { level: consoleLevel, stream: { write: (line: string) => screen.write(readable(line)) } },
  ]);
  return { logger: createLogger(config.LOG_LEVEL, streams), file };
}

const levelWords: Record<number, string> = { 10: 'traccia', 20: 'debug', 30: 'info', 40: 'attenzione', 50: 'errore', 60: 'errore grave' };
const clock = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit', second: '2-digit' });

interface LogLine {
  level: number;
  time: number;
  msg?: string;
  err?: { message?: string };
  reason?: string;
  [key: string]: unknown;
}

/** One JSON line as a person reads it: `14:03:22 attenzione: <message>: <the error's message>`. */
export function readable(json: string): string {
  let line: LogLine;
  try {
    line = JSON.parse(json) as LogLine;
  } catch {
    return json;
  }
  const cause = line.err?.message ?? line.reason;
  const said = [line.msg ?? '', cause].filter(Boolean).join(': ');
  return `${clock.format(new Date(line.time))} ${levelWords[line.level] ?? line.level}: ${said}\n`;
}
