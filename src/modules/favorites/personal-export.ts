import type { PersonalExport } from '../../platform/module.js';

/** The shops a customer keeps close. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const favoritesPersonalExport: PersonalExport = [
  {
    key: 'favorites',
    title: 'Negozi preferiti',
    about: 'I negozi che tieni tra i preferiti.',
    tables: ['favorites'],
    sql: `SELECT f.store_id AS "storeId", s.name AS "shop", f.created_at AS "createdAt"
          FROM favorites f LEFT JOIN stores s ON s.id = f.store_id WHERE f.user_id = $1::uuid ORDER BY f.created_at`,
    columns: [
      ['shop', 'Negozio'],
      ['createdAt', 'Aggiunto il', 'time'],
    ],
  },
];
