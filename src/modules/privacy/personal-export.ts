import type { PersonalExport } from '../../platform/module.js';
import { consentKindLabels, consentSourceLabels, erasureRequestedByLabels, erasureStatusLabels } from './labels.js';

/** The person's consents and request of erasure (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const privacyPersonalExport: PersonalExport = [
  {
    key: 'consents',
    title: 'Consensi',
    about: 'I consensi che hai dato o negato, con il testo a cui hai risposto (la cronologia dell’account li ha tutti, uno per uno).',
    tables: ['consents'],
    sql: `SELECT kind, granted, text, source, changed_at AS "changedAt" FROM consents WHERE user_id = $1::uuid ORDER BY kind`,
    columns: [
      ['kind', 'Consenso', consentKindLabels],
      ['granted', 'Dato', 'yes-no'],
      ['changedAt', 'Risposta del', 'time'],
      ['source', 'Da dove', consentSourceLabels],
      ['text', 'Testo'],
    ],
  },
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
