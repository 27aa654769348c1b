import pino from 'pino';
import { loadConfigOrExit } from '../src/platform/config.js';
import { startSystem, type System } from '../src/system.js';

/**
 * Opens the system for a command-line tool: the database of the configuration (the running app's
 * embedded server when there is one), without running projections unless asked.
 */
export async function withSystem<T>(work: (system: System) => Promise<T>, { runProjections = false } = {}): Promise<T> {
  const config = loadConfigOrExit();
  const logger = pino({ level: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL });
  const system = await startSystem(config, { logger, runProjections });
  try {
    return await work(system);
  } finally {
    await system.stop();
  }
}

/** `--name value` from argv. */
export function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
