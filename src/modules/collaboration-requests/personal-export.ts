import type { PersonalExport } from '../../platform/module.js';
import { requestStatusLabels, requestTypeLabels } from './labels.js';

/** The collaboration requests the person made, received or answered. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const collaborationRequestsPersonalExport: PersonalExport = [
  {
    key: 'collaborationRequests',
    title: 'Richieste di collaborazione',
    about: 'Le richieste di collaborazione che hai fatto, ricevuto o a cui hai risposto.',
    tables: ['collaboration_requests', 'collaborator_notification_requests'],
    sql: `SELECT id, store_name AS "shop", request_type AS "type", status, message, collaborator_name AS "collaborator", rejection_reason AS "rejectionReason",
                 cancel_reason AS "cancelReason", created_at AS "createdAt", accepted_at AS "acceptedAt", closed_at AS "closedAt"
          FROM collaboration_requests WHERE shopkeeper_id = $1::uuid OR collaborator_id = $1::uuid OR $1::uuid = ANY(offered_to) OR $1::uuid = ANY(declined_by) ORDER BY created_at`,
    columns: [
      ['createdAt', 'Data', 'time'],
      ['shop', 'Negozio'],
      ['type', 'Tipo', requestTypeLabels],
      ['message', 'Messaggio'],
      ['collaborator', 'Collaboratore'],
      ['status', 'Stato', requestStatusLabels],
    ],
  },
];
