import type { PersonalExport } from '../../platform/module.js';

/** The AI functions the person used. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const aiPersonalExport: PersonalExport = [
  {
    key: 'aiCalls',
    title: 'Funzioni AI usate',
    about: 'Le funzioni AI che hai usato e i crediti che sono costate.',
    tables: ['ai_calls'],
    sql: `SELECT id, function_name AS "function", status, credits, started_at AS "startedAt", finished_at AS "finishedAt" FROM ai_calls WHERE user_id = $1::uuid ORDER BY started_at`,
    columns: [
      ['startedAt', 'Data', 'time'],
      ['function', 'Funzione'],
      ['credits', 'Crediti'],
      ['status', 'Esito', { held: 'In corso', answered: 'Completata', failed: 'Non riuscita', expired: 'Scaduta' }],
    ],
  },
];
