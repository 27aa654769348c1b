import pino from 'pino';
import type { Config } from './config.js';

/**
 * The app's logger (design §4: one line per request). Cookies and passwords are masked should
 * any log object ever carry them; request bodies are never logged at all.
 */
export function createLogger(level: Config['LOG_LEVEL'], destination?: pino.DestinationStream): pino.Logger {
  return pino({ level, redact: ['req.headers.cookie', 'password', '*.password'] }, destination);
}
