import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const emailPersonalData: PersonalDataDeclaration = {
  // A mail's address and subject, under the mail's own key (erased with its recipient).
  EmailRetried: { subject: { stream: '' }, fields: [{ path: 'toEmail', erased: 'email' }, 'subject'] },
  EmailCancelled: { subject: { stream: '' }, fields: [{ path: 'toEmail', erased: 'email' }, 'subject'] },
  EmailTemplateCreated: { notPersonal: "the platform's templates" },
  EmailTemplateChanged: { notPersonal: "the platform's templates" },
  EmailSettingsUpdated: { notPersonal: "the platform's sender" },
};
