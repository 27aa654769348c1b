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
  {
    key: 'sellers',
    title: 'Chi vende nei tuoi negozi',
    about: 'Come hai dichiarato chi vende (professionista con partita IVA o privato) e la verifica dell’amministrazione.',
    tables: ['store_sellers'],
    sql: `SELECT s.name AS "shop", v.seller_type AS "sellerType", v.vat_number AS "vatNumber", v.status, v.reason, v.declared_at AS "declaredAt", v.checked_at AS "checkedAt"
          FROM store_sellers v JOIN stores s ON s.id = v.store_id WHERE s.owner_id = $1::uuid ORDER BY v.declared_at`,
    columns: [
      ['shop', 'Negozio'],
      ['sellerType', 'Venditore', { trader: 'Professionale', private: 'Privato' }],
      ['vatNumber', 'Partita IVA'],
      ['status', 'Verifica', { declared: 'Da verificare', verified: 'Verificata', refused: 'Respinta' }],
      ['reason', 'Motivo'],
    ],
  },
];
