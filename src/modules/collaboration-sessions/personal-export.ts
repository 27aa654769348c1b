import type { PersonalExport } from '../../platform/module.js';
import { sessionStatusLabels } from './labels.js';

/** The work sessions and standing accesses the person is party to. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const collaborationSessionsPersonalExport: PersonalExport = [
  {
    key: 'workSessions',
    title: 'Sessioni di lavoro',
    about: 'Le sessioni aperte e chiuse con i codici: quando, dove, da quale indirizzo IP e browser, e cosa è stato fatto in ciascuna.',
    tables: ['collaboration_sessions', 'collaboration_session_actions'],
    sql: `SELECT s.id, s.store_name AS "shop", s.collaborator_name AS "collaborator", s.status, s.scheduled_start_at AS "scheduledStartAt",
                 s.scheduled_end_at AS "scheduledEndAt", s.started_at AS "startedAt", s.actual_end_at AS "endedAt", s.location_verified AS "locationVerified",
                 s.distance_m AS "distanceM", s.ip_address AS "ipAddress", s.user_agent AS "userAgent", s.revoke_reason AS "revokeReason",
                 s.cancel_reason AS "cancelReason", s.ai_credits_used AS "aiCreditsUsed",
                 (SELECT coalesce(json_agg(json_build_object('type', a.type, 'at', a.at) ORDER BY a.at), '[]')
                  FROM collaboration_session_actions a WHERE a.session_id = s.id) AS actions
          FROM collaboration_sessions s WHERE s.collaborator_id = $1::uuid OR s.shopkeeper_id = $1::uuid ORDER BY s.created_at`,
    columns: [
      ['scheduledStartAt', 'Prevista il', 'time'],
      ['shop', 'Negozio'],
      ['collaborator', 'Collaboratore'],
      ['status', 'Stato', sessionStatusLabels],
      ['startedAt', 'Iniziata', 'time'],
      ['endedAt', 'Finita', 'time'],
      ['ipAddress', 'Indirizzo IP'],
      ['userAgent', 'Browser'],
    ],
  },
  {
    key: 'standingAccesses',
    title: 'Accessi permanenti',
    about: 'Gli accessi permanenti che un negozio ha dato a un collaboratore.',
    tables: ['store_collaborator_assignments'],
    sql: `SELECT id, store_name AS "shop", collaborator_name AS "collaborator", description, permissions, is_active AS "active", expires_at AS "expiresAt",
                 ended_at AS "endedAt", end_reason AS "endReason", created_at AS "createdAt"
          FROM store_collaborator_assignments WHERE collaborator_id = $1::uuid OR shopkeeper_id = $1::uuid ORDER BY created_at`,
    columns: [
      ['createdAt', 'Dato il', 'time'],
      ['shop', 'Negozio'],
      ['collaborator', 'Collaboratore'],
      ['description', 'Descrizione'],
      ['active', 'Attivo', 'yes-no'],
      ['expiresAt', 'Scade il', 'time'],
    ],
  },
];
