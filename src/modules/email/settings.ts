import type { DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { settingsDecider } from '../../platform/domain/settings.js';

export const emailSettingsStreamId = 'email-settings';

export const emailProviders = ['smtp', 'sendgrid'] as const;
export type EmailProvider = (typeof emailProviders)[number];

/**
 * Spec §3 email_settings, defaults of spec §9 (port 587, 100 e-mails an hour). The password and
 * the API key are secrets: stored in the events, masked wherever they are shown (the history and
 * the export mask `password` and `apiKey` by name).
 */
export interface EmailSettings {
  provider: EmailProvider;
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string | null;
  apiKey: string | null;
  fromName: string;
  fromAddress: string;
  replyTo: string;
  isEnabled: boolean;
  maxEmailsPerHour: number;
  /** The SMTP_* variables of the environment win over the fields above. */
  useEnvironmentVars: boolean;
  /** A 1×1 image in each HTML mail logs when it is first opened (off: nothing is tracked). */
  trackOpens: boolean;
  /** The HTML's links go through the site, which logs each click and sends the reader on. */
  trackClicks: boolean;
  /**
   * SendGrid's Event Webhook "verification key" (its public key, base64): with it the events it
   * posts (delivered, bounced, spam reports…) are checked and logged; without it they are refused.
   */
  eventWebhookKey: string;
}

export const defaultEmailSettings: EmailSettings = {
  provider: 'smtp',
  host: '',
  port: 587,
  secure: false,
  user: '',
  password: null,
  apiKey: null,
  fromName: 'Vicino',
  fromAddress: '',
  replyTo: '',
  isEnabled: false,
  maxEmailsPerHour: 100,
  useEnvironmentVars: false,
  trackOpens: false,
  trackClicks: false,
  eventWebhookKey: '',
};

export type EmailSettingsCommand = { type: 'UpdateEmailSettings'; changes: Partial<EmailSettings> };
export type EmailSettingsEvent = DomainEvent<'EmailSettingsUpdated', { changes: Partial<EmailSettings> }>;

export const emailSettingsDecider = settingsDecider({
  command: 'UpdateEmailSettings',
  event: 'EmailSettingsUpdated',
  defaults: defaultEmailSettings,
  check: (_asked, next) => {
    if (!next.isEnabled || next.useEnvironmentVars) return;
    if (next.provider === 'smtp' && !next.host) {
      const message = 'Per attivare l’invio serve il server SMTP.';
      throw new DomainError(message, 'rule', { host: message });
    }
    if (next.provider === 'sendgrid' && !next.apiKey) {
      const message = 'Per attivare l’invio con SendGrid serve la chiave API.';
      throw new DomainError(message, 'rule', { apiKey: message });
    }
    if (!next.fromAddress) {
      const message = 'Per attivare l’invio serve l’indirizzo del mittente.';
      throw new DomainError(message, 'rule', { fromAddress: message });
    }
  },
});
