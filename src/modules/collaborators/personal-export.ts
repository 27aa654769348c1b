import type { PersonalExport } from '../../platform/module.js';
import { approvalStatusLabels } from './services.js';

/** The collaborator's profile. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const collaboratorsPersonalExport: PersonalExport = [
  {
    key: 'collaboratorProfile',
    title: 'Profilo di collaboratore',
    about: 'Il tuo profilo di collaboratore: dove lavori, cosa sai fare, come ti presenti.',
    tables: ['collaborators', 'collaborator_notification_coverage'],
    sql: `SELECT address, latitude, longitude, radius_km AS "radiusKm", services, is_available AS "available", availability, bio,
                 approval_status AS "approvalStatus", approved_at AS "approvedAt", decision_reason AS "decisionReason", rating, created_at AS "createdAt"
          FROM collaborators WHERE user_id = $1::uuid`,
    columns: [
      ['address', 'Indirizzo'],
      ['radiusKm', 'Raggio (km)'],
      ['services', 'Servizi'],
      ['availability', 'Disponibilità'],
      ['bio', 'Presentazione'],
      ['approvalStatus', 'Approvazione', approvalStatusLabels],
      ['createdAt', 'Creato il', 'time'],
    ],
  },
];
