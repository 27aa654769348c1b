import type { PersonalExport } from '../../platform/module.js';

/** The mails sent to the person and their log. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const emailPersonalExport: PersonalExport = [
  {
    key: 'emails',
    title: 'E-mail inviate a te',
    about: 'Le e-mail che Vicino ti ha mandato: oggetto, stato e, se il tracciamento era attivo, quando le hai aperte e da dove.',
    tables: ['email_queue', 'email_logs'],
    sql: `SELECT q.id, q.subject, q.to_email AS "to", q.status, q.created_at AS "createdAt", q.sent_at AS "sentAt",
                 (SELECT coalesce(json_agg(json_build_object('status', l.status, 'at', l.created_at, 'ip', l.ip_address, 'userAgent', l.user_agent) ORDER BY l.created_at), '[]')
                  FROM email_logs l WHERE l.email_id = q.id) AS log
          FROM email_queue q WHERE q.user_id = $1::uuid OR lower(q.to_email) = (SELECT lower(email) FROM users WHERE id = $1::uuid) ORDER BY q.created_at`,
    columns: [
      ['createdAt', 'Data', 'time'],
      ['subject', 'Oggetto'],
      ['to', 'A'],
      ['status', 'Stato', { pending: 'Da inviare', sending: 'In invio', sent: 'Inviata', failed: 'Non inviata', cancelled: 'Annullata' }],
      ['log', 'Aperture e clic'],
    ],
  },
  {
    key: 'unsubscribes',
    title: 'Disiscrizioni',
    about: 'Quando hai chiesto di non ricevere più e-mail non necessarie.',
    tables: ['email_unsubscribes'],
    sql: `SELECT email, created_at AS "createdAt" FROM email_unsubscribes WHERE lower(email) = (SELECT lower(email) FROM users WHERE id = $1::uuid)`,
    columns: [
      ['email', 'E-mail'],
      ['createdAt', 'Data', 'time'],
    ],
  },
];
