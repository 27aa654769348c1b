import type { PersonalExport } from '../../platform/module.js';

/** The person's takings: movements, payouts, statements. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const earningsPersonalExport: PersonalExport = [
  {
    key: 'earnings',
    title: 'Incassi',
    about: 'I movimenti dei tuoi incassi (o di quelli dei tuoi negozi): vendite, compensi, commissioni, rimborsi e bonifici.',
    tables: ['earnings_movements'],
    sql: `SELECT m.id, m.holder_kind AS "holderKind", m.kind, m.gross_cents AS "grossCents", m.fee_cents AS "feeCents", m.net_cents AS "netCents",
                 m.provider, m.description, m.at
          FROM earnings_movements m
          WHERE m.holder_id = $1::uuid OR (m.holder_kind = 'store' AND m.holder_id IN (SELECT id FROM stores WHERE owner_id = $1::uuid)) ORDER BY m.at`,
    columns: [
      ['at', 'Data', 'time'],
      ['description', 'Descrizione'],
      ['grossCents', 'Lordo', 'money'],
      ['feeCents', 'Commissione', 'money'],
      ['netCents', 'Netto', 'money'],
    ],
  },
  {
    key: 'payouts',
    title: 'Bonifici ricevuti',
    about: 'I bonifici dei tuoi incassi al tuo conto.',
    tables: ['earnings_payouts'],
    sql: `SELECT p.provider, p.payout_id AS "payoutId", p.amount_cents AS "amountCents", p.status, p.arrival_date AS "arrivalDate", p.reported_at AS "reportedAt"
          FROM earnings_payouts p
          WHERE p.holder_id = $1::uuid OR (p.holder_kind = 'store' AND p.holder_id IN (SELECT id FROM stores WHERE owner_id = $1::uuid)) ORDER BY p.reported_at`,
    columns: [
      ['reportedAt', 'Data', 'time'],
      ['amountCents', 'Importo', 'money'],
      ['status', 'Stato', { pending: 'In arrivo', in_transit: 'In viaggio', paid: 'Arrivato', failed: 'Non riuscito', canceled: 'Annullato' }],
      ['arrivalDate', 'Arrivo', 'day'],
    ],
  },
  {
    key: 'statements',
    title: 'Estratti conto',
    about: 'Gli estratti conto mensili emessi, con i dati della fattura delle commissioni.',
    tables: ['earnings_statements'],
    sql: `SELECT s.month, s.orders, s.gross_cents AS "grossCents", s.fees_cents AS "feesCents", s.net_cents AS "netCents", s.totale_cents AS "invoiceTotalCents", s.issued_at AS "issuedAt"
          FROM earnings_statements s
          WHERE s.holder_id = $1::uuid OR (s.holder_kind = 'store' AND s.holder_id IN (SELECT id FROM stores WHERE owner_id = $1::uuid)) ORDER BY s.month`,
    columns: [
      ['month', 'Mese'],
      ['orders', 'Ordini'],
      ['grossCents', 'Lordo', 'money'],
      ['feesCents', 'Commissioni', 'money'],
      ['netCents', 'Netto', 'money'],
    ],
  },
];
