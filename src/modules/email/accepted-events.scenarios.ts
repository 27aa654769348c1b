import { randomUUID } from 'node:crypto';
import { scenario } from '../../platform/testing/accepted-events.js';
import { queuedEmailDecider, queuedEmailStreamId, type QueuedEmailCommand } from './queued-email.js';
import { emailSettingsDecider, emailSettingsStreamId, type EmailSettingsCommand } from './settings.js';
import { emailTemplateDecider, emailTemplateStreamId, type EmailTemplateCommand } from './templates.js';

const template = randomUUID();
const email = randomUUID();

export const scenarios = [
  scenario<EmailSettingsCommand>(
    'e-mail settings',
    emailSettingsStreamId,
    emailSettingsDecider,
    [],
    [
      {
        type: 'UpdateEmailSettings',
        changes: {
          provider: 'smtp',
          host: 'smtp.esempio.it',
          port: 587,
          secure: false,
          user: 'vicino',
          password: 'segreta',
          fromName: 'Vicino',
          fromAddress: 'noreply@esempio.it',
          replyTo: 'aiuto@esempio.it',
          isEnabled: true,
          maxEmailsPerHour: 100,
          trackOpens: true,
          trackClicks: true,
          eventWebhookKey: 'chiave-webhook',
        },
      },
    ],
  ),
  scenario<EmailTemplateCommand>(
    'e-mail templates',
    emailTemplateStreamId(template),
    emailTemplateDecider,
    [],
    [
      {
        type: 'CreateEmailTemplate',
        id: template,
        fields: {
          name: 'Benvenuto',
          subject: 'Benvenuto su Vicino',
          htmlContent: '<p>Ciao {{name}}</p>',
          textContent: 'Ciao {{name}}',
          isActive: true,
          templateType: 'transactional',
        },
      },
      { type: 'ChangeEmailTemplate', changes: { subject: 'Ti diamo il benvenuto', isActive: false } },
      { type: 'DeleteEmailTemplate' },
    ],
  ),
  scenario<QueuedEmailCommand>(
    'queued e-mails',
    queuedEmailStreamId(email),
    queuedEmailDecider,
    [],
    [
      { type: 'RetryEmail', previousStatus: 'failed', emailId: email, toEmail: 'mario@esempio.it', subject: 'Il tuo ordine' },
      { type: 'CancelEmail', emailId: email, toEmail: 'mario@esempio.it', subject: 'Il tuo ordine' },
    ],
  ),
];
