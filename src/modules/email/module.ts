import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { emailPersonalExport } from './personal-export.js';
import { ensureEmailTemplates } from './commands.js';
import { emailSettingsProjection, emailTemplatesProjection } from './projection.js';
import { emailLinkRoutes } from './link-routes.js';
import { emailProviderEventRoutes } from './provider-event-routes.js';
import { emailRoutes } from './routes.js';
import { startEmailSender } from './sender.js';
import { queuedEmailDecider, queuedEmailStreamId } from './queued-email.js';
import { emailSettingsDecider, emailSettingsStreamId } from './settings.js';
import { emailTemplateDecider, emailTemplateStreamId } from './templates.js';
import { emailTriggersProjection } from './triggers.js';
import { emailPersonalData } from './personal-data.js';

/** E-mail: the admin's settings and templates, the mails the events send, and their sender. */
export const emailModule: ModuleManifest = {
  name: 'email',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [emailRoutes, emailLinkRoutes, emailProviderEventRoutes],
  projections: [emailSettingsProjection, emailTemplatesProjection, emailTriggersProjection],
  events: {
    EmailSettingsUpdated: 'Impostazioni delle e-mail modificate',
    EmailTemplateCreated: 'Modello di e-mail creato',
    EmailTemplateChanged: 'Modello di e-mail modificato',
    EmailTemplateDeleted: 'Modello di e-mail eliminato',
    EmailRetried: 'E-mail rimessa in coda',
    EmailCancelled: 'E-mail annullata',
  },
  personalData: emailPersonalData,
  personalExport: emailPersonalExport,
  summaries: {
    EmailTemplateCreated: (data) => `Modello di e-mail «${String((data.fields as { name?: string } | undefined)?.name ?? '')}» creato.`,
    EmailRetried: (data) => `E-mail «${said.text(data.subject)}» a ${said.text(data.toEmail)} rimessa in coda.`,
    EmailCancelled: (data) => `E-mail «${said.text(data.subject)}» a ${said.text(data.toEmail)} annullata.`,
  },
  audited: {
    'email-settings': { stream: () => emailSettingsStreamId, decider: () => emailSettingsDecider, singleton: true },
    'email-templates': { stream: emailTemplateStreamId, decider: () => emailTemplateDecider },
    'email-queue': { stream: queuedEmailStreamId, decider: () => queuedEmailDecider },
  },
  processes: [({ pool, secret }, { logger }) => startEmailSender({ pool, secret }, { logger })],
  prepare: ensureEmailTemplates,
};
