import type { PersonalExport } from '../../platform/module.js';
import { assignmentStatusLabels } from './labels.js';

/** The assignments the person is party to. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const assignmentsPersonalExport: PersonalExport = [
  {
    key: 'assignments',
    title: 'Incarichi di collaborazione',
    about: 'Gli accordi tra un negozio e un collaboratore di cui sei parte: cosa, quando, il compenso, le valutazioni.',
    tables: ['collaborator_assignments'],
    sql: `SELECT id, store_name AS "shop", collaborator_name AS "collaborator", description, status, compensation_cents AS "compensationCents",
                 payment_amount_cents AS "paymentAmountCents", due_date AS "dueDate", assigned_at AS "assignedAt", completed_at AS "completedAt",
                 problem_description AS "problemDescription", rejection_reason AS "rejectionReason", cancel_reason AS "cancelReason",
                 shopkeeper_rating AS "shopkeeperRating", shopkeeper_review AS "shopkeeperReview", collaborator_rating AS "collaboratorRating",
                 collaborator_review AS "collaboratorReview"
          FROM collaborator_assignments WHERE shopkeeper_user_id = $1::uuid OR collaborator_user_id = $1::uuid ORDER BY assigned_at`,
    columns: [
      ['assignedAt', 'Data', 'time'],
      ['shop', 'Negozio'],
      ['collaborator', 'Collaboratore'],
      ['description', 'Descrizione'],
      ['compensationCents', 'Compenso', 'money'],
      ['status', 'Stato', assignmentStatusLabels],
    ],
  },
];
