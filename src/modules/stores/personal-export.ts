import type { PersonalExport } from '../../platform/module.js';

/** The shops a person opened. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const storesPersonalExport: PersonalExport = [
  {
    key: 'shops',
    title: 'I tuoi negozi',
    about: 'I negozi che hai aperto su Vicino, con i recapiti e gli orari che hai dato.',
    tables: ['stores'],
    sql: `SELECT id, name, slug, description, address, phone, email, website, category, latitude, longitude, opening_hours AS "openingHours",
                 status, status_reason AS "statusReason", created_at AS "createdAt", updated_at AS "updatedAt"
          FROM stores WHERE owner_id = $1::uuid ORDER BY created_at`,
    columns: [
      ['name', 'Nome'],
      ['address', 'Indirizzo'],
      ['phone', 'Telefono'],
      ['email', 'E-mail'],
      ['website', 'Sito web'],
      ['status', 'Stato', { active: 'Attivo', pending: 'In approvazione', suspended: 'Sospeso', inactive: 'Chiuso', rejected: 'Rifiutato' }],
      ['createdAt', 'Aperto il', 'time'],
    ],
  },
];
