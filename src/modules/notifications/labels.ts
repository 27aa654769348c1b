/* The kinds of collaboration notices and their priorities (spec §3 collaborator_notifications): pure, for the server and the web. */

/** The spec's four, and the ones of the requests' other steps. */
export const notificationTypes = [
  'collaborator_available',
  'request_accepted',
  'session_ready',
  'session_starting',
  'new_request',
  'request_declined',
  'request_expired',
  'request_cancelled',
] as const;
export type CollaboratorNotificationType = (typeof notificationTypes)[number];

export const priorities = ['low', 'normal', 'high'] as const;
export type NotificationPriority = (typeof priorities)[number];

export const priorityLabels: Record<NotificationPriority, string> = { low: 'Bassa', normal: 'Normale', high: 'Alta' };

export const notificationTypeLabels: Record<CollaboratorNotificationType, string> = {
  collaborator_available: 'Collaboratori disponibili',
  request_accepted: 'Richiesta accettata',
  session_ready: 'Collaborazione confermata',
  session_starting: 'Sessione in partenza',
  new_request: 'Nuova richiesta',
  request_declined: 'Richiesta rifiutata',
  request_expired: 'Richiesta scaduta',
  request_cancelled: 'Richiesta annullata',
};

/** A request's urgency gives its notices' priority: urgent and high → high. */
export function priorityOf(urgency: string): NotificationPriority {
  if (urgency === 'urgent' || urgency === 'high') return 'high';
  return urgency === 'low' ? 'low' : 'normal';
}

/** Where each side follows its collaborations (pages of the requests' helper). */
export const collaboratorRequestsPage = '/collaborator/requests';
export const shopCollaborationsPage = '/shopkeeper/collaborations';

/** The source a live announcement names on the notifications' channel (notifications/stream.ts reads collaborator_notifications for it). */
export const collaboratorNoticeSource = 'collaborator';
