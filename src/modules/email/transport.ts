import nodemailer, { type Transporter } from 'nodemailer';
import { defaultEmailSettings, type EmailSettings } from './settings.js';

/** SendGrid's SMTP relay: the user is the word "apikey", the password the API key. */
const sendGridRelay = { host: 'smtp.sendgrid.net', port: 587, secure: false, user: 'apikey' };

/**
 * The settings in force: with useEnvironmentVars, each SMTP_* variable that is set wins over the
 * admin's field (.env.example lists them).
 */
export function effectiveEmailSettings(settings: EmailSettings, env: NodeJS.ProcessEnv = process.env): EmailSettings {
  if (!settings.useEnvironmentVars) return settings;
  const text = (name: string) => (env[name] ? env[name] : undefined);
  const port = Number(env.SMTP_PORT);
  const fromEnv: Partial<EmailSettings> = {
    host: text('SMTP_HOST'),
    port: Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined,
    secure: env.SMTP_SECURE ? env.SMTP_SECURE === 'true' : undefined,
    user: text('SMTP_USER'),
    password: text('SMTP_PASSWORD'),
    fromAddress: text('SMTP_FROM_ADDRESS'),
    fromName: text('SMTP_FROM_NAME'),
    replyTo: text('SMTP_REPLY_TO'),
  };
  const set = Object.fromEntries(Object.entries(fromEnv).filter(([, value]) => value !== undefined));
  return { ...defaultEmailSettings, ...settings, ...set, ...(env.SMTP_HOST ? { provider: 'smtp' as const } : {}) };
}

/** Why mails wait instead of going (in Italian, for the admin page); null when they can go. */
export function whyNotSending(settings: EmailSettings): string | null {
  if (!settings.isEnabled) return 'L’invio delle e-mail è disattivato: le e-mail restano in coda.';
  if (settings.provider === 'smtp' && !settings.host) return 'Manca il server SMTP: le e-mail restano in coda.';
  if (settings.provider === 'sendgrid' && !settings.apiKey) return 'Manca la chiave API di SendGrid: le e-mail restano in coda.';
  if (!settings.fromAddress) return 'Manca l’indirizzo del mittente: le e-mail restano in coda.';
  return null;
}

/** What a transport is made from: changing any of it makes a new one. */
export interface TransportConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string | null;
}

export function transportConfigOf(settings: EmailSettings): TransportConfig {
  if (settings.provider === 'sendgrid') return { ...sendGridRelay, password: settings.apiKey };
  return { host: settings.host, port: settings.port, secure: settings.secure, user: settings.user, password: settings.password };
}

/**
 * A pooled SMTP transport. Timeouts are short enough that an attempt always ends well within
 * the sender's claim (a claim older than that is a crashed sender's).
 */
export function smtpTransport(config: TransportConfig, connections: number): Transporter {
  return nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: config.user ? { user: config.user, pass: config.password ?? '' } : undefined,
    pool: true,
    maxConnections: connections,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}
