import type { PersonalExport } from '../../platform/module.js';

/** The person's AI credits, their movements and transfers. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const creditsPersonalExport: PersonalExport = [
  {
    key: 'credits',
    title: 'Crediti AI',
    about: 'Il saldo dei tuoi crediti AI.',
    tables: ['ai_credits'],
    sql: `SELECT balance, total_purchased AS "totalPurchased", total_used AS "totalUsed", last_activity AS "lastActivity" FROM ai_credits WHERE user_id = $1::uuid`,
    columns: [
      ['balance', 'Saldo'],
      ['totalPurchased', 'Acquistati in tutto'],
      ['totalUsed', 'Usati in tutto'],
      ['lastActivity', 'Ultimo movimento', 'time'],
    ],
  },
  {
    key: 'creditMovements',
    title: 'Movimenti dei crediti AI',
    about: 'Ogni credito arrivato, usato, trasferito o scaduto, con i lotti e le loro scadenze.',
    tables: ['credit_movements', 'credit_lots'],
    sql: `SELECT m.at, m.kind, m.credits, m.action, m.description FROM credit_movements m WHERE m.user_id = $1::uuid
          UNION ALL
          SELECT l.expires_at, 'lot', l.credits, 'scadenza del lotto', 'Lotto ' || l.lot_id || ': ' || l.remaining || ' crediti ancora da usare'
          FROM credit_lots l WHERE l.user_id = $1::uuid AND NOT l.closed
          ORDER BY 1`,
    columns: [
      ['at', 'Data', 'time'],
      ['description', 'Descrizione'],
      ['credits', 'Crediti'],
    ],
  },
  {
    key: 'creditTransfers',
    title: 'Crediti trasferiti',
    about: 'I crediti AI passati tra un negozio e i suoi collaboratori.',
    tables: ['ai_credit_transfers'],
    sql: `SELECT id, from_user_id = $1::uuid AS "sent", credits, reason, status, returned_credits AS "returned", created_at AS "createdAt"
          FROM ai_credit_transfers WHERE from_user_id = $1::uuid OR to_user_id = $1::uuid ORDER BY created_at`,
    columns: [
      ['createdAt', 'Data', 'time'],
      ['sent', 'Inviati da te', 'yes-no'],
      ['credits', 'Crediti'],
      ['reason', 'Motivo'],
      ['returned', 'Restituiti'],
    ],
  },
];
