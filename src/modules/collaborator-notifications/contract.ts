import { z } from 'zod';
import { api, get, idParams, isoTime, post } from '../../platform/http/contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { notificationTypes, priorities } from './labels.js';

/** A collaboration notice as its recipient reads it (docs/api-collaborator-notifications.md), in the list, when read and live. */
export const collaboratorNotification = z.object({
  id: z.uuid(),
  shopkeeperId: z.uuid(),
  /** Null on a shopkeeper's notice about a request no collaborator has taken yet. */
  collaboratorId: z.uuid().nullable(),
  storeId: z.uuid(),
  requestId: z.uuid(),
  notificationType: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  /** A path in the app. */
  actionUrl: z.string().nullable(),
  priority: z.enum(priorities),
  expiresAt: isoTime.nullable(),
  /** Past expiresAt: what it invited to can no longer be done (it stays in the list, marked). */
  expired: z.boolean(),
  createdAt: isoTime,
});
export type CollaboratorNotification = z.infer<typeof collaboratorNotification>;

const count = z.object({ count: z.number().int() });

/** The collaborators' and shopkeepers' notices of collaboration requests (issue [12]). */
export const collaboratorNotificationsApi = api('notifiche delle collaborazioni', {
  list: get(
    '/api/collaborator-notifications',
    'Gli avvisi delle collaborazioni dell’utente (collaboratore o negoziante), dal più recente, una pagina alla volta: il totale in X-Total-Count, quelli da leggere in X-Unread-Count; gli scaduti restano, segnati expired',
    { 200: z.array(collaboratorNotification) },
    { querystring: z.object(pageQuery(50, 200)) },
  ),
  unreadCount: get('/api/collaborator-notifications/unread-count', 'Quanti avvisi delle collaborazioni dell’utente sono da leggere (gli scaduti non contano)', { 200: count }),
  read: post('/api/collaborator-notifications/:id/read', 'Segna come letto un avviso delle collaborazioni dell’utente e lo restituisce', { 200: collaboratorNotification }, { params: idParams }),
  readAll: post('/api/collaborator-notifications/read-all', 'Segna come letti tutti gli avvisi delle collaborazioni da leggere dell’utente; risponde quanti erano', { 200: count }),
});
