import type { ModuleManifest } from '../../platform/module.js';
import { ensureEmailTemplates } from '../email/commands.js';
import { collaboratorNotificationsDecider, collaboratorNotificationsStreamId } from './decider.js';
import { collaborationNoticeTemplates } from './mails.js';
import { collaboratorNotificationsProjection } from './projection.js';
import { collaboratorNotificationRoutes } from './routes.js';

/**
 * What collaborators and shopkeepers are told of collaboration requests and unlocks (issue [12],
 * spec §3 collaborator_notifications): in the app, live on the notifications' stream, and by e-mail.
 */
export const collaboratorNotificationsModule: ModuleManifest = {
  name: 'collaborator-notifications',
  routes: [collaboratorNotificationRoutes],
  projections: [collaboratorNotificationsProjection],
  events: {
    CollaboratorNotificationRead: 'Avviso di collaborazione letto',
    AllCollaboratorNotificationsRead: 'Tutti gli avvisi di collaborazione letti',
  },
  summaries: {
    AllCollaboratorNotificationsRead: (d) => `${Array.isArray(d.notificationIds) ? d.notificationIds.length : 0} avvisi di collaborazione segnati come letti.`,
  },
  audited: { 'collaborator-notifications': { stream: collaboratorNotificationsStreamId, decider: (id) => collaboratorNotificationsDecider(id) } },
  // The mails of the notices.
  prepare: (store) => ensureEmailTemplates(store, collaborationNoticeTemplates),
};
