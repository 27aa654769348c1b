import { z } from 'zod';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { api, get, idParams, isoTime, post, storeIdParams } from '../../platform/http/contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { uuidParam } from '../../platform/http/schemas.js';
import { MAX_COMMENT, MAX_POINTS, MAX_REPLY, reviewerTypes, revieweeTypes, subjectTypes } from './labels.js';
import { ofStore } from '../stores/contract.js';

const stars = (label: string) =>
  z
    .number({ error: `${label}: un numero intero da 1 a 5.` })
    .int(`${label}: un numero intero da 1 a 5.`)
    .min(1, `${label}: un numero intero da 1 a 5.`)
    .max(5, `${label}: un numero intero da 1 a 5.`);
const optionalStars = (label: string) =>
  stars(label)
    .nullish()
    .transform((v) => v ?? null);
const text = (label: string, max: number) =>
  z
    .string({ error: `${label}: deve essere un testo.` })
    .trim()
    .max(max, `${label}: al massimo ${max} caratteri.`)
    .nullish()
    .transform((v) => v ?? '');
const yesNo = (label: string) => z.boolean({ error: `${label}: sì o no (true o false).` });

/** POST /api/reviews/sessions/:sessionId: a side's review of the other, after a completed session. */
export const sessionReviewBody = z.object({
  overallRating: stars('Valutazione complessiva'),
  quality: optionalStars('Qualità'),
  punctuality: optionalStars('Puntualità'),
  communication: optionalStars('Comunicazione'),
  professionalism: optionalStars('Professionalità'),
  comment: text('Commento', MAX_COMMENT),
  wouldRecommend: yesNo('Lo consiglieresti?')
    .nullish()
    .transform((v) => v ?? null),
  wouldWorkAgain: yesNo('Lavoreresti di nuovo insieme?').default(true),
  positivePoints: text('Punti di forza', MAX_POINTS),
  improvementAreas: text('Aspetti da migliorare', MAX_POINTS),
});
export type SessionReviewBody = z.output<typeof sessionReviewBody>;

/** POST /api/reviews/orders/:orderId: the customer's review of the shop, after a completed order. */
export const orderReviewBody = z.object({
  overallRating: stars('Valutazione'),
  comment: text('Commento', MAX_COMMENT),
});
export type OrderReviewBody = z.output<typeof orderReviewBody>;

export const replyBody = z.object({
  reply: z.string({ error: 'Risposta: campo obbligatorio.' }).trim().min(1, 'Risposta: campo obbligatorio.').max(MAX_REPLY, `Risposta: al massimo ${MAX_REPLY} caratteri.`),
});

/** A review as its writer, its subject (when public) or an admin reads it (docs/api-reviews.md). */
export const review = z.object({
  id: z.uuid(),
  subjectType: z.enum(subjectTypes),
  /** The session or the order reviewed. */
  subjectId: z.uuid(),
  ...ofStore,
  collaboratorId: z.uuid().nullable(),
  collaboratorName: z.string().nullable(),
  assignmentId: z.uuid().nullable(),
  reviewerId: z.uuid(),
  reviewerType: z.enum(reviewerTypes),
  reviewerName: z.string(),
  revieweeType: z.enum(revieweeTypes),
  revieweeId: z.uuid(),
  overallRating: z.number().int(),
  quality: z.number().int().nullable(),
  punctuality: z.number().int().nullable(),
  communication: z.number().int().nullable(),
  professionalism: z.number().int().nullable(),
  comment: z.string(),
  wouldRecommend: z.boolean().nullable(),
  wouldWorkAgain: z.boolean(),
  positivePoints: z.string(),
  improvementAreas: z.string(),
  completedAt: isoTime,
  submittedAt: isoTime,
  /** Until then blind to the other side, unless both wrote before. */
  windowEndsAt: isoTime,
  /** Seen by the other side and on the public pages now (both wrote, or the window ended). */
  published: z.boolean(),
  reply: z.string().nullable(),
  repliedAt: isoTime.nullable(),
});
export type Review = z.infer<typeof review>;

/** What the public pages show of a review: no ids of people, the writer's first name and initial. */
export const publicReview = review
  .pick({
    id: true,
    subjectType: true,
    reviewerType: true,
    overallRating: true,
    quality: true,
    punctuality: true,
    communication: true,
    professionalism: true,
    comment: true,
    wouldRecommend: true,
    wouldWorkAgain: true,
    positivePoints: true,
    improvementAreas: true,
    submittedAt: true,
    reply: true,
    repliedAt: true,
  })
  .extend({ reviewerName: z.string().describe('nome e iniziale del cognome') });
export type PublicReview = z.infer<typeof publicReview>;

/** A shop's or a collaborator's published reviews, a page of them, with their average and count (also in X-Total-Count). */
export const publicReviews = z.object({
  /** Null until the first published review. */
  average: z.number().nullable(),
  count: z.number().int(),
  reviews: z.array(publicReview),
});
export type PublicReviews = z.infer<typeof publicReviews>;

/** A completed session or order still awaiting my review, until its deadline. */
export const toWrite = z.object({
  subjectType: z.enum(subjectTypes),
  subjectId: z.uuid(),
  /** My side. */
  reviewerType: z.enum(reviewerTypes),
  ...ofStore,
  /** Whom I review: the collaborator's or the shop's name. */
  revieweeName: z.string(),
  completedAt: isoTime,
  deadline: isoTime,
});
export type ToWrite = z.infer<typeof toWrite>;

const listQuery = z.object({ ...pageQuery(50, 200) });
const sessionParams = z.object({ sessionId: uuidParam });
const orderParams = z.object({ orderId: uuidParam });
const collaboratorParams = z.object({ collaboratorId: uuidParam });
const admin = adminResource('/api/admin/reviews', review);

/** Issue [14]: reviews both ways after a collaboration session, and customers' reviews of shops. */
export const reviewsApi = api('recensioni', {
  toWrite: get('/api/reviews/to-write', 'Le sessioni e gli ordini completati che aspettano la mia recensione, con la scadenza (14 giorni dal completamento)', {
    200: z.array(toWrite),
  }),
  reviewSession: post(
    '/api/reviews/sessions/:sessionId',
    'Il negoziante o il collaboratore recensisce l’altra parte di una sessione completata, entro 14 giorni, una volta sola: resta nascosta finché anche l’altro scrive la sua o passano i 14 giorni',
    { 201: review },
    { params: sessionParams, body: sessionReviewBody },
  ),
  reviewOrder: post(
    '/api/reviews/orders/:orderId',
    'Il cliente recensisce il negozio di un suo ordine completato, entro 14 giorni, una volta sola: è pubblica subito',
    { 201: review },
    { params: orderParams, body: orderReviewBody },
  ),
  received: get(
    '/api/reviews/received',
    'Le recensioni pubblicate su di me (collaboratore) o sul mio negozio (negoziante), dalla più recente',
    { 200: z.array(review) },
    { querystring: listQuery },
  ),
  written: get('/api/reviews/written', 'Le recensioni che ho scritto, con se sono già visibili all’altra parte', { 200: z.array(review) }, { querystring: listQuery }),
  reply: post(
    '/api/reviews/:id/reply',
    'Il negoziante risponde pubblicamente, una volta sola, a una recensione pubblicata del suo negozio',
    { 200: review },
    { params: idParams, body: replyBody },
  ),
  store: get(
    '/api/reviews/stores/:storeId',
    'Le recensioni pubblicate dei clienti su un negozio, con la media e il numero (pubblico)',
    { 200: publicReviews },
    { params: storeIdParams, querystring: listQuery },
  ),
  collaborator: get(
    '/api/reviews/collaborators/:collaboratorId',
    'Le recensioni pubblicate dei negozi su un collaboratore, con la media e il numero (pubblico)',
    { 200: publicReviews },
    { params: collaboratorParams, querystring: listQuery },
  ),
  adminList: admin.list('Le recensioni per l’amministrazione, con filtri per tipo e autore e ricerca per negozio o persona (Content-Range)'),
  adminGet: admin.get('Una recensione'),
});
