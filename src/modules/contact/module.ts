import { said } from '../../platform/domain/format.js';
import type { ModuleManifest } from '../../platform/module.js';
import { contactPersonalExport } from './personal-export.js';
import { ensureEmailTemplates } from '../email/commands.js';
import { contactDecider, contactStreamId } from './contact.js';
import { contactTemplates } from './mails.js';
import { contactSubmissionsProjection } from './projection.js';
import { contactRoutes } from './routes.js';
import { contactPersonalData } from './personal-data.js';

/** Contact: the public form, its spam throttle, and the admin's inbox with the answers by e-mail. */
export const contactModule: ModuleManifest = {
  name: 'contact',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [contactRoutes],
  projections: [contactSubmissionsProjection],
  events: {
    ContactSubmitted: 'Messaggio di contatto ricevuto',
    ContactRead: 'Messaggio di contatto letto',
    ContactNoted: 'Note sul messaggio di contatto modificate',
    ContactReplied: 'Risposta al messaggio di contatto inviata',
    ContactClosed: 'Messaggio di contatto chiuso',
    ContactExpired: 'Messaggio di contatto cancellato (conservazione scaduta)',
  },
  personalData: contactPersonalData,
  personalExport: contactPersonalExport,
  summaries: {
    ContactSubmitted: (data) => `Messaggio di contatto «${said.text(data.subject)}» da ${said.text(data.name)}.`,
  },
  audited: {
    'contact-submission': { stream: contactStreamId, decider: () => contactDecider },
  },
  // Its two mails' templates, seeded as the e-mail module seeds its own.
  prepare: (store) => ensureEmailTemplates(store, contactTemplates),
};
