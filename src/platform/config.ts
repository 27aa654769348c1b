import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Whom to believe about the client's address (X-Forwarded-For), as Fastify's `trustProxy` takes
 * it: off by default, since a client reaching the app directly could otherwise pick the address
 * the login throttle counts. (No hop count: this Fastify trusts nobody when given one.)
 */
const trustProxy = z.string().transform((v, ctx): boolean | string[] => {
  if (v === 'true' || v === 'false') return v === 'true';
  const list = v.split(',').map((s) => s.trim());
  const bad = list.find((s) => {
    const [address = '', bits, ...rest] = s.split('/');
    const family = isIP(address);
    if (!family || rest.length > 0) return true;
    return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  if (bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `deve essere true, false o un elenco di indirizzi/CIDR separati da virgole («${bad}» non lo è)` });
    return z.NEVER;
  }
  return list;
});

/**
 * How long a client may take to send a whole request, headers and body (REQUEST_TIMEOUT_MS): a
 * 5 MB upload (the most the app takes) needs at least 0.7 Mbit/s to arrive within it. A slower
 * one is answered 408 and its connection closed, so trickling bodies cannot hold connections.
 */
export const defaultRequestTimeoutMs = 60_000;

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('.data'),
    DATABASE_URL: z.string().url().optional(),
    EVENTSTORE_CONNECTION_STRING: z
      .string()
      .regex(/^esdb(\+discover)?:\/\//, 'deve iniziare con esdb:// o esdb+discover://')
      .optional(),
    SESSION_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'devono essere 64 caratteri esadecimali (32 byte)')
      .optional(),
    SEED: bool.default(true),
    ADMIN_USERNAME: z.string().min(3).optional(),
    ADMIN_PASSWORD: z.string().min(6).optional(),
    ADMIN_EMAIL: z.string().email().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Where the log's JSON lines go: a file, or `-` for standard output. Unset: standard output in
     * production, `<DATA_DIR>/logs/vicino.log` elsewhere (the console then shows warnings and errors
     * only, so a developer's start banner stays in view: src/platform/logger.ts).
     */
    LOG_FILE: z.string().min(1).optional(),
    TRUST_PROXY: trustProxy.default(false),
    READ_MODEL_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(defaultRequestTimeoutMs),
    /** Where the Stripe SDK talks to instead of Stripe (stripe-mock, a test's loopback server); unset: Stripe. */
    STRIPE_API_URL: z.string().url().optional(),
    /** Where the PayPal SDK talks to instead of PayPal (sandbox or live, as the settings say): a test's loopback server. */
    PAYPAL_API_URL: z.string().url().optional(),
    /** Where Google's Maps clients (Geocoding, Places) talk to instead of Google: a test's loopback server. */
    GOOGLE_MAPS_API_URL: z.string().url().optional(),
  })
  .refine((c) => !c.ADMIN_USERNAME === !c.ADMIN_PASSWORD, {
    message: 'ADMIN_USERNAME e ADMIN_PASSWORD vanno impostati insieme',
    path: ['ADMIN_PASSWORD'],
  });

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** Parses the environment once; a wrong value names the variable and what it must be. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // Zod's own messages in Italian too: whoever starts the app reads them (issue [19]).
  const parsed = schema.safeParse(clean, { error: z.locales.it().localeError });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || 'config'}: ${i.message}`);
    throw new ConfigError(`Configurazione non valida: ${lines.join('; ')}`);
  }
  return parsed.data;
}

/** For a process that starts from the environment (the app, the command-line tools): a wrong value ends it with its message, no stack. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
