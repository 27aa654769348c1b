import type { PersonalExport } from '../../platform/module.js';
import { unlockStatusLabels } from './labels.js';

/** The collaboration packages unlocked for the person. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const packageUnlocksPersonalExport: PersonalExport = [
  {
    key: 'unlocks',
    title: 'Pacchetti di collaborazione sbloccati',
    about: 'I pacchetti di collaborazione sbloccati dalle tue richieste, o per te, e il loro acquisto.',
    tables: ['package_unlocks'],
    sql: `SELECT id, request_id AS "requestId", unlock_status AS "status", amount_cents AS "amountCents", unlocked_at AS "unlockedAt", purchased_at AS "purchasedAt"
          FROM package_unlocks WHERE shopkeeper_id = $1::uuid OR collaborator_id = $1::uuid ORDER BY created_at`,
    columns: [
      ['unlockedAt', 'Sbloccato il', 'time'],
      ['status', 'Stato', unlockStatusLabels],
      ['amountCents', 'Importo', 'money'],
      ['purchasedAt', 'Acquistato il', 'time'],
    ],
  },
];
