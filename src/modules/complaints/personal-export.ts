import type { PersonalExport } from '../../platform/module.js';
import { caseKindLabels, statusLabels, typeLabels } from './labels.js';

/** The cases the person opened or answers. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const complaintsPersonalExport: PersonalExport = [
  {
    key: 'cases',
    title: 'Reclami e contestazioni',
    about: 'I reclami e le contestazioni che hai aperto o che ti riguardano, con i passi visibili alle parti e le prove allegate (i file si scaricano dal caso).',
    tables: ['complaints', 'complaint_timeline', 'complaint_evidence'],
    sql: `SELECT c.id, c.kind, c.store_name AS "shop", c.complainant_id = $1::uuid AS "openedByYou", c.complainant_name AS "complainant", c.respondent_name AS "respondent",
                 c.complaint_type AS "type", c.title, c.description, c.witness_contacts AS "witnessContacts", c.status, c.admin_response AS "adminResponse",
                 c.resolution_action AS "resolution", c.rejection_reason AS "rejectionReason", c.appeal_reason AS "appealReason",
                 c.compensation_cents AS "compensationCents", c.submitted_at AS "submittedAt", c.decided_at AS "decidedAt",
                 (SELECT coalesce(json_agg(json_build_object('type', t.type, 'at', t.at, 'data', t.data) ORDER BY t.revision), '[]')
                  FROM complaint_timeline t WHERE t.case_id = c.id AND t.for_parties) AS timeline,
                 (SELECT coalesce(json_agg(json_build_object('name', e.name, 'contentType', e.content_type, 'sizeBytes', e.size_bytes, 'addedAt', e.added_at) ORDER BY e.added_at), '[]')
                  FROM complaint_evidence e WHERE e.case_id = c.id AND e.added_by = $1::uuid) AS "yourEvidence"
          FROM complaints c WHERE c.complainant_id = $1::uuid OR c.respondent_id = $1::uuid ORDER BY c.submitted_at`,
    columns: [
      ['submittedAt', 'Data', 'time'],
      ['kind', 'Tipo', caseKindLabels],
      ['shop', 'Negozio'],
      ['type', 'Motivo', typeLabels],
      ['description', 'Descrizione'],
      ['status', 'Stato', statusLabels],
      ['adminResponse', 'Risposta dell’amministrazione'],
    ],
  },
];
