import type { PersonalExport } from '../../platform/module.js';
import { reportStatusLabels, reportTypeLabels } from './labels.js';

/** The reports the person filed or that concern them. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const reportsPersonalExport: PersonalExport = [
  {
    key: 'reports',
    title: 'Segnalazioni',
    about: 'Le segnalazioni su un incarico di collaborazione fatte da te o sul tuo lavoro, e come sono state risolte.',
    tables: ['collaboration_reports'],
    sql: `SELECT id, store_name AS "shop", reported_by_user_id = $1::uuid AS "filedByYou", report_type AS "type", title, description, severity, status,
                 admin_response AS "adminResponse", resolution_action AS "resolution", refund_amount_cents AS "refundCents", created_at AS "createdAt", closed_at AS "closedAt"
          FROM collaboration_reports WHERE reported_by_user_id = $1::uuid OR shopkeeper_id = $1::uuid OR collaborator_id = $1::uuid ORDER BY created_at`,
    columns: [
      ['createdAt', 'Data', 'time'],
      ['shop', 'Negozio'],
      ['filedByYou', 'Fatta da te', 'yes-no'],
      ['type', 'Tipo', reportTypeLabels],
      ['title', 'Titolo'],
      ['description', 'Descrizione'],
      ['status', 'Stato', reportStatusLabels],
    ],
  },
];
