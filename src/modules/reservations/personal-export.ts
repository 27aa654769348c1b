import type { PersonalExport } from '../../platform/module.js';
import { reservationStatusLabels } from './reservation.js';

/** The person's reservations, and those their shops received. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const reservationsPersonalExport: PersonalExport = [
  {
    key: 'reservations',
    title: 'Prenotazioni',
    about: 'Gli articoli che hai prenotato per ritirarli in negozio, con i dati che hai dato.',
    tables: ['product_reservations'],
    sql: `SELECT id, store_name AS "shop", product_name AS "product", quantity, status, customer_name AS "customerName",
                 customer_phone AS "customerPhone", customer_email AS "customerEmail", reservation_date AS "reservationDate",
                 preferred_pickup_time AS "preferredPickupTime", notes, cancel_reason AS "cancelReason", created_at AS "createdAt"
          FROM product_reservations WHERE user_id = $1::uuid ORDER BY created_at`,
    columns: [
      ['createdAt', 'Data', 'time'],
      ['shop', 'Negozio'],
      ['product', 'Prodotto'],
      ['quantity', 'Quantità'],
      ['status', 'Stato', reservationStatusLabels],
      ['reservationDate', 'Giorno del ritiro', 'day'],
      ['customerName', 'Nome'],
      ['customerPhone', 'Telefono'],
      ['notes', 'Note'],
    ],
  },
  {
    key: 'reservationsReceived',
    title: 'Prenotazioni ricevute dai tuoi negozi',
    about: 'Le prenotazioni dei clienti ai tuoi negozi e le note che hai scritto (i dati dei clienti sono loro, e restano fuori da qui).',
    tables: ['product_reservations'],
    sql: `SELECT id, store_name AS "shop", product_name AS "product", quantity, status, shopkeeper_notes AS "shopkeeperNotes", created_at AS "createdAt"
          FROM product_reservations WHERE store_owner_id = $1::uuid ORDER BY created_at`,
    columns: [
      ['createdAt', 'Data', 'time'],
      ['shop', 'Negozio'],
      ['product', 'Prodotto'],
      ['quantity', 'Quantità'],
      ['status', 'Stato', reservationStatusLabels],
      ['shopkeeperNotes', 'Le tue note'],
    ],
  },
];
