import type { PersonalExport } from '../../platform/module.js';
import { erasureRequestedByLabels, erasureStatusLabels } from './labels.js';

/** The person's requests of erasure (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const privacyPersonalExport: PersonalExport = [
  {
    key: 'erasure',
    title: 'Richiesta di cancellazione',
    about: 'La tua richiesta di cancellare l’account e i dati, se l’hai fatta, e a che punto è.',
    tables: ['erasures'],
    sql: `SELECT requested_by AS "requestedBy", status, requested_at AS "requestedAt", due_at AS "dueAt", open_orders AS "openOrders",
                 carried_out_at AS "carriedOutAt", completed_at AS "completedAt"
          FROM erasures WHERE user_id = $1::uuid`,
    columns: [
      ['requestedAt', 'Chiesta il', 'time'],
      ['requestedBy', 'Da', erasureRequestedByLabels],
      ['status', 'Stato', erasureStatusLabels],
      ['dueAt', 'Entro il', 'time'],
    ],
  },
];
