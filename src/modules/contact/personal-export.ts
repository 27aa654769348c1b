import type { PersonalExport } from '../../platform/module.js';

/** The person's messages to Vicino, with the answers. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const contactPersonalExport: PersonalExport = [
  {
    key: 'contactMessages',
    title: 'Messaggi a Vicino',
    about: 'I messaggi che hai mandato dal modulo dei contatti con il tuo indirizzo e-mail, e le risposte.',
    tables: ['contact_submissions', 'contact_sends'],
    sql: `SELECT id, name, email, phone, company, subject, message, status, reply_message AS "reply", replied_at AS "repliedAt", created_at AS "createdAt",
                 (SELECT coalesce(json_agg(json_build_object('at', s.at, 'ip', s.ip) ORDER BY s.at), '[]') FROM contact_sends s
                  WHERE lower(s.email) = (SELECT lower(email) FROM users WHERE id = $1::uuid) AND s.at BETWEEN c.created_at - interval '1 minute' AND c.created_at + interval '1 minute') AS "sentFrom"
          FROM contact_submissions c WHERE lower(email) = (SELECT lower(email) FROM users WHERE id = $1::uuid) ORDER BY created_at`,
    columns: [
      ['createdAt', 'Data', 'time'],
      ['subject', 'Oggetto'],
      ['message', 'Messaggio'],
      ['name', 'Nome'],
      ['phone', 'Telefono'],
      ['reply', 'Risposta'],
    ],
  },
];
