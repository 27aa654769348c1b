import type { PersonalExport } from '../../platform/module.js';
import { taskStatusLabels, taskTypeLabels } from './labels.js';

/** The tasks the person gave or did. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const tasksPersonalExport: PersonalExport = [
  {
    key: 'tasks',
    title: 'Compiti',
    about: 'Le consegne e i lavori sul catalogo che hai affidato o svolto.',
    tables: ['tasks'],
    sql: `SELECT id, type, title, description, status, store_name AS "shop", collaborator_name AS "collaborator", pickup_address AS "pickupAddress",
                 delivery_address AS "deliveryAddress", deadline, compensation_cents AS "compensationCents", accepted_at AS "acceptedAt",
                 completed_at AS "completedAt", cancel_reason AS "cancelReason", created_at AS "createdAt"
          FROM tasks WHERE collaborator_id = $1::uuid OR shopkeeper_id = $1::uuid ORDER BY created_at`,
    columns: [
      ['createdAt', 'Data', 'time'],
      ['type', 'Tipo', taskTypeLabels],
      ['title', 'Titolo'],
      ['shop', 'Negozio'],
      ['collaborator', 'Collaboratore'],
      ['compensationCents', 'Compenso', 'money'],
      ['status', 'Stato', taskStatusLabels],
    ],
  },
];
