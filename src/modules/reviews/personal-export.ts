import type { PersonalExport } from '../../platform/module.js';
import { subjectTypeLabels } from './labels.js';

/** The reviews the person wrote and those published about them. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const reviewsPersonalExport: PersonalExport = [
  {
    key: 'reviewsWritten',
    title: 'Recensioni scritte',
    about: 'Le recensioni che hai scritto, pubblicate o no, e le risposte ricevute.',
    tables: ['reviews', 'assignment_review_ratings'],
    sql: `SELECT id, subject_type AS "subjectType", store_name AS "shop", collaborator_name AS "collaborator", overall_rating AS "rating", comment,
                 positive_points AS "positivePoints", improvement_areas AS "improvementAreas", would_recommend AS "wouldRecommend",
                 submitted_at AS "submittedAt", published_at AS "publishedAt", reply, replied_at AS "repliedAt"
          FROM reviews WHERE reviewer_id = $1::uuid ORDER BY submitted_at`,
    columns: [
      ['submittedAt', 'Data', 'time'],
      ['subjectType', 'Di', subjectTypeLabels],
      ['shop', 'Negozio'],
      ['collaborator', 'Collaboratore'],
      ['rating', 'Voto'],
      ['comment', 'Commento'],
      ['reply', 'Risposta'],
    ],
  },
  {
    key: 'reviewsReceived',
    title: 'Recensioni ricevute',
    about: 'Le recensioni pubblicate su di te o sui tuoi negozi (chi le ha scritte ne è autore: qui il voto, il testo e la tua risposta).',
    tables: ['reviews', 'collaborator_review_ratings'],
    sql: `SELECT id, subject_type AS "subjectType", store_name AS "shop", overall_rating AS "rating", comment, reply, published_at AS "publishedAt"
          FROM reviews WHERE published_at IS NOT NULL AND reviewer_id <> $1::uuid AND (reviewee_id = $1::uuid OR shopkeeper_id = $1::uuid OR collaborator_id = $1::uuid)
          ORDER BY published_at`,
    columns: [
      ['publishedAt', 'Pubblicata il', 'time'],
      ['subjectType', 'Di', subjectTypeLabels],
      ['shop', 'Negozio'],
      ['rating', 'Voto'],
      ['comment', 'Commento'],
      ['reply', 'La tua risposta'],
    ],
  },
];
