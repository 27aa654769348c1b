import type { PersonalExport } from '../../platform/module.js';
import { roleLabels } from './labels.js';

/** The account, its open sessions and the failed logins to its name. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const usersPersonalExport: PersonalExport = [
  {
    key: 'account',
    title: 'Account',
    about: 'Il tuo account: come ti chiami, come accedi, il tuo ruolo e da quando sei con noi.',
    tables: ['users'],
    sql: `SELECT id, username, name, email, role, status, created_at AS "createdAt", updated_at AS "updatedAt",
                 price_comparison_enabled AS "priceComparisonEnabled", price_comparison_expires_at AS "priceComparisonExpiresAt"
          FROM users WHERE id = $1::uuid`,
    columns: [
      ['username', 'Nome utente'],
      ['name', 'Nome'],
      ['email', 'E-mail'],
      ['role', 'Ruolo', roleLabels],
      ['status', 'Stato', { active: 'Attivo', inactive: 'Disattivato', suspended: 'Sospeso', erased: 'Cancellato' }],
      ['createdAt', 'Registrato il', 'time'],
    ],
  },
  {
    key: 'logins',
    title: 'Accessi attivi',
    about: 'I dispositivi da cui hai accesso ora: quando hai fatto l’accesso, l’ultima attività, l’indirizzo IP e il browser.',
    tables: ['auth_sessions'],
    sql: `SELECT created_at AS "createdAt", last_seen_at AS "lastSeenAt", ip, user_agent AS "userAgent"
          FROM auth_sessions WHERE user_id = $1::uuid ORDER BY created_at`,
    columns: [
      ['createdAt', 'Accesso il', 'time'],
      ['lastSeenAt', 'Ultima attività', 'time'],
      ['ip', 'Indirizzo IP'],
      ['userAgent', 'Browser'],
    ],
  },
  {
    key: 'loginFailures',
    title: 'Accessi non riusciti',
    about: 'I tentativi di accesso al tuo nome utente con una password sbagliata, tenuti per fermare chi prova a indovinarla.',
    tables: ['login_failures'],
    sql: `SELECT f.at, f.ip FROM login_failures f JOIN users u ON lower(u.username) = lower(f.username) WHERE u.id = $1::uuid ORDER BY f.at`,
    columns: [
      ['at', 'Quando', 'time'],
      ['ip', 'Indirizzo IP'],
    ],
  },
];
