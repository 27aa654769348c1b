/*
 * Reviews (issue [14], spec §3 collaboration_reviews): who reviews whom, the criteria and their
 * Italian names, the window. Said once for the server's decider and answers and the web's forms
 * (@pure/reviews/labels). Pure data, importing only other pure data (the roles' names).
 */

import { roleLabels } from '../users/labels.js';

/** Who writes a review: the two sides of a collaboration session, or the customer of an order. */
export const reviewerTypes = ['shopkeeper', 'collaborator', 'customer'] as const;
export type ReviewerType = (typeof reviewerTypes)[number];
/** What is reviewed: a collaborator (by the shop) or a shop (by its collaborator or its customer). */
export const revieweeTypes = ['collaborator', 'store'] as const;
export type RevieweeType = (typeof revieweeTypes)[number];
/** What a review is about: a completed collaboration session, or a completed order. */
export const subjectTypes = ['session', 'order'] as const;
export type SubjectType = (typeof subjectTypes)[number];

/** The optional criteria, 1–5 each, beside the required overall rating. */
export const criteria = ['quality', 'punctuality', 'communication', 'professionalism'] as const;
export type Criterion = (typeof criteria)[number];

export const reviewerTypeLabels: Record<ReviewerType, string> = { shopkeeper: roleLabels.shopkeeper, collaborator: roleLabels.collaborator, customer: roleLabels.customer };
export const subjectTypeLabels: Record<SubjectType, string> = { session: 'Sessione di collaborazione', order: 'Ordine' };
export const criterionLabels: Record<Criterion, string> = {
  quality: 'Qualità',
  punctuality: 'Puntualità',
  communication: 'Comunicazione',
  professionalism: 'Professionalità',
};
export const reviewFieldLabels = {
  overallRating: 'Valutazione complessiva',
  ...criterionLabels,
  comment: 'Commento',
  wouldRecommend: 'Lo consiglieresti?',
  wouldWorkAgain: 'Lavoreresti di nuovo insieme?',
  positivePoints: 'Punti di forza',
  improvementAreas: 'Aspetti da migliorare',
  reply: 'Risposta del negozio',
} as const;

/** A review is written within 14 days of the completion; blind until both sides wrote or the 14 days pass. */
export const REVIEW_WINDOW_DAYS = 14;
export const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000;
export const MAX_COMMENT = 2000;
export const MAX_POINTS = 1000;
export const MAX_REPLY = 2000;

export const revieweeTypeLabels: Record<RevieweeType, string> = { collaborator: roleLabels.collaborator, store: 'Negozio' };
/** Why a subject's reviews were published. */
export const publishedReasonLabels: Record<'both' | 'deadline' | 'immediate', string> = {
  both: 'entrambe le parti hanno scritto la loro',
  deadline: 'sono passati 14 giorni dal completamento',
  immediate: 'la recensione di un cliente è pubblica subito',
};
