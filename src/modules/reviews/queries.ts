import type { FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { readPage } from '../../platform/db/read-page.js';
import { fixedSql, sql, type ReadDb } from '../../platform/db/read.js';
import { DomainError } from '../../platform/domain/errors.js';
import { anyOf, folded, type ListResource, uuidFilter } from '../../platform/http/admin-rest.js';
import type { Paging } from '../../platform/http/paging.js';
import { publicReview, review, toWrite, type PublicReviews, type Review, type ToWrite } from './contract.js';
import { REVIEW_WINDOW_MS, reviewerTypes, revieweeTypes, subjectTypes } from './labels.js';
import { reviewNotFound } from './review.js';

/** Seen by others at `now` (SQL text): published, or its window over (before the upkeep wrote its publication). */
export const visibleSql = (now: string) => `(r.published_at IS NOT NULL OR r.window_ends_at <= ${now})`;
/** The same at a time of the caller's. */
const visibleAt = (now: Date) => sql.fragment`(r.published_at IS NOT NULL OR r.window_ends_at <= ${now.toISOString()}::timestamptz)`;

/** A shop's rating for every page that shows one (favourites, dashboards, its page): the average of its customers' published reviews, null until the first. */
export const storeRatingSql = (storeId: string) =>
  `(SELECT round(avg(r.overall_rating), 1)::float8 FROM reviews r WHERE r.reviewee_type = 'store' AND r.reviewee_id = ${storeId} AND r.subject_type = 'order' AND r.published_at IS NOT NULL)`;

/** A review's columns but whether it is seen by others (which depends on when it is read). */
const columns = fixedSql(`r.id, r.subject_type AS "subjectType", r.subject_id AS "subjectId", r.store_id AS "storeId", r.store_name AS "storeName",
  r.collaborator_id AS "collaboratorId", r.collaborator_name AS "collaboratorName", r.assignment_id AS "assignmentId", r.reviewer_id AS "reviewerId",
  r.reviewer_type AS "reviewerType", r.reviewer_name AS "reviewerName", r.reviewee_type AS "revieweeType", r.reviewee_id AS "revieweeId",
  r.overall_rating AS "overallRating", r.quality, r.punctuality, r.communication, r.professionalism, r.comment, r.would_recommend AS "wouldRecommend",
  r.would_work_again AS "wouldWorkAgain", r.positive_points AS "positivePoints", r.improvement_areas AS "improvementAreas",
  r.completed_at AS "completedAt", r.submitted_at AS "submittedAt", r.window_ends_at AS "windowEndsAt", r.reply, r.replied_at AS "repliedAt"`);

/** A review's columns as read at `now`. */
const columnsAt = (now: Date) => sql.fragment`${columns}, ${visibleAt(now)} AS published`;

export interface Reader {
  id: string;
  role: string;
}

/** A page of the reviews of `where`, newest first. */
const reviewPage = (db: ReadDb, now: Date, where: FragmentSqlToken, paging: Paging) =>
  readPage(db, { row: review, select: columnsAt(now), from: sql.fragment`reviews r WHERE ${where}`, order: sql.fragment`r.submitted_at DESC, r.id` }, paging);

/** The reviews about me (a collaborator) or my shop (a shopkeeper): only those seen by others already. */
export async function receivedBy(db: ReadDb, reader: Reader, now: Date, paging: Paging): Promise<{ rows: Review[]; total: number }> {
  const about =
    reader.role === 'collaborator'
      ? sql.fragment`r.reviewee_type = 'collaborator' AND r.reviewee_id = ${reader.id}`
      : reader.role === 'shopkeeper'
        ? sql.fragment`r.reviewee_type = 'store' AND r.shopkeeper_id = ${reader.id}`
        : sql.fragment`false`;
  return reviewPage(db, now, sql.fragment`${about} AND ${visibleAt(now)}`, paging);
}

/** The reviews I wrote, with whether the other side sees them yet. */
export async function writtenBy(db: ReadDb, reader: Reader, now: Date, paging: Paging): Promise<{ rows: Review[]; total: number }> {
  return reviewPage(db, now, sql.fragment`r.reviewer_id = ${reader.id}`, paging);
}

const reviewWithShopkeeper = review.extend({ shopkeeperId: z.string() });

/** One review for its writer, its subject (once public) or an admin; anyone else reads it as not found. */
export async function reviewAnswer(db: ReadDb, reader: Reader, id: string, now: Date): Promise<Review> {
  const row = await db.maybeOne(sql.type(reviewWithShopkeeper)`SELECT ${columnsAt(now)}, r.shopkeeper_id AS "shopkeeperId" FROM reviews r WHERE r.id = ${id}`);
  if (!row) throw new DomainError(reviewNotFound, 'not-found');
  const { shopkeeperId, ...found } = row;
  const aboutMe = found.revieweeType === 'collaborator' ? found.revieweeId === reader.id : shopkeeperId === reader.id;
  if (reader.role !== 'admin' && found.reviewerId !== reader.id && !(aboutMe && found.published)) throw new DomainError(reviewNotFound, 'not-found');
  return found;
}

/** A short public name: "Giulia B." */
const publicName = sql.fragment`trim(split_part(trim(r.reviewer_name), ' ', 1) || CASE WHEN split_part(trim(r.reviewer_name), ' ', 2) <> '' THEN ' ' || left(split_part(trim(r.reviewer_name), ' ', 2), 1) || '.' ELSE '' END)`;

const publicColumns = sql.fragment`r.id, r.subject_type AS "subjectType", r.reviewer_type AS "reviewerType", ${publicName} AS "reviewerName", r.overall_rating AS "overallRating",
  r.quality, r.punctuality, r.communication, r.professionalism, r.comment, r.would_recommend AS "wouldRecommend", r.would_work_again AS "wouldWorkAgain",
  r.positive_points AS "positivePoints", r.improvement_areas AS "improvementAreas", r.submitted_at AS "submittedAt", r.reply, r.replied_at AS "repliedAt"`;

const ratingTotals = z.object({ average: z.number().nullable(), count: z.number() });

/** The published reviews of a shop (its customers') or a collaborator (the shops'), a page of them, with their average and count. */
export async function publicReviewsOf(db: ReadDb, about: { type: 'store' | 'collaborator'; id: string }, now: Date, paging: Paging): Promise<PublicReviews> {
  const where = sql.fragment`r.reviewee_type = ${about.type} AND r.reviewee_id = ${about.id} AND ${visibleAt(now)}${about.type === 'store' ? sql.fragment` AND r.subject_type = 'order'` : sql.fragment``}`;
  const [{ rows }, totals] = await Promise.all([
    readPage(db, { row: publicReview, select: publicColumns, from: sql.fragment`reviews r WHERE ${where}`, order: sql.fragment`r.submitted_at DESC, r.id` }, paging),
    db.one(sql.type(ratingTotals)`SELECT round(avg(r.overall_rating), 1)::float8 AS average, count(*)::int AS count FROM reviews r WHERE ${where}`),
  ]);
  return { average: totals.average, count: totals.count, reviews: rows };
}

const toWriteRow = toWrite.extend({ due: z.string() });

/**
 * What still awaits my review: a shopkeeper's and a collaborator's completed sessions, a
 * customer's completed orders, within 14 days of the completion and not reviewed by me yet;
 * the nearest deadline first.
 */
export async function toWriteFor(db: ReadDb, reader: Reader, now: Date): Promise<ToWrite[]> {
  const window = sql.fragment`${REVIEW_WINDOW_MS} * interval '1 millisecond'`;
  const at = sql.fragment`${now.toISOString()}::timestamptz`;
  let due: FragmentSqlToken;
  if (reader.role === 'shopkeeper' || reader.role === 'collaborator') {
    const side = reader.role === 'shopkeeper' ? sql.fragment`s.shopkeeper_id` : sql.fragment`s.collaborator_id`;
    const reviewee = reader.role === 'shopkeeper' ? sql.fragment`s.collaborator_name` : sql.fragment`s.store_name`;
    due = sql.fragment`SELECT 'session' AS "subjectType", s.id AS "subjectId", ${reader.role}::text AS "reviewerType", s.store_id AS "storeId", s.store_name AS "storeName",
        ${reviewee} AS "revieweeName", s.actual_end_at AS "completedAt", s.actual_end_at + ${window} AS deadline, s.actual_end_at + ${window} AS due
      FROM collaboration_sessions s
      WHERE ${side} = ${reader.id} AND s.status = 'completed' AND s.actual_end_at + ${window} > ${at}
        AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.subject_id = s.id AND r.reviewer_type = ${reader.role})`;
  } else if (reader.role === 'customer') {
    const completed = sql.fragment`coalesce((SELECT max(t.at) FROM order_timeline t WHERE t.order_id = o.id AND t.status = 'completed'), o.updated_at)`;
    due = sql.fragment`SELECT * FROM (SELECT 'order' AS "subjectType", o.id AS "subjectId", ${reader.role}::text AS "reviewerType", o.store_id AS "storeId", o.store_name AS "storeName",
        o.store_name AS "revieweeName", ${completed} AS "completedAt", ${completed} + ${window} AS deadline, ${completed} + ${window} AS due
      FROM orders o
      WHERE o.user_id = ${reader.id} AND o.status = 'completed' AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.subject_id = o.id AND r.reviewer_type = ${reader.role})) w
      WHERE w.due > ${at}`;
  } else return [];
  const rows = await db.any(sql.type(toWriteRow)`${due} ORDER BY due, "subjectId" LIMIT 200`);
  return rows.map(({ due: _due, ...r }) => r);
}

/** The admin's list of every review (published: as read now). */
export const reviewsResource: ListResource = {
  name: 'reviews',
  from: 'reviews r',
  select: `${columns.sql}, ${visibleSql('now()')} AS published`,
  id: 'r.id',
  sortable: {
    id: 'r.id',
    submittedAt: 'r.submitted_at',
    overallRating: 'r.overall_rating',
    storeName: 'lower(r.store_name)',
    reviewerName: 'lower(r.reviewer_name)',
    windowEndsAt: 'r.window_ends_at',
  },
  defaultOrder: 'r.submitted_at DESC',
  filters: {
    subjectType: anyOf(subjectTypes, 'Oggetto della recensione', 'r.subject_type'),
    reviewerType: anyOf(reviewerTypes, 'Autore', 'r.reviewer_type'),
    revieweeType: anyOf(revieweeTypes, 'Recensito', 'r.reviewee_type'),
    storeId: uuidFilter('r.store_id'),
    subjectId: uuidFilter('r.subject_id'),
  },
  searchText: folded(`r.store_name || ' ' || r.reviewer_name || ' ' || coalesce(r.collaborator_name, '')`),
  notFound: reviewNotFound,
  row: review,
};

const subjectRow = z.object({ subject_id: z.string() });
const ratingRow = z.object({ rating: z.number().nullable() });

/** The subject of a review, from the read model (the review's stream is its subject's). */
export async function subjectOfReview(db: ReadDb, reviewId: string): Promise<string> {
  const subjectId = await db.maybeOneFirst(sql.type(subjectRow)`SELECT subject_id FROM reviews WHERE id = ${reviewId}`);
  if (!subjectId) throw new DomainError(reviewNotFound, 'not-found');
  return subjectId;
}

/** A shop's rating (storeRatingSql): null until its first published review. */
export async function storeRating(db: ReadDb, storeId: string): Promise<number | null> {
  return db.oneFirst(sql.type(ratingRow)`SELECT ${fixedSql(storeRatingSql('s.id'))} AS rating FROM (SELECT ${storeId}::uuid AS id) s`);
}

/** The subjects whose blind window ended at `now` with a review still unpublished, a page of them in order after `after`. */
export async function subjectsDue(db: ReadDb, now: Date, after: string | null, limit: number): Promise<readonly string[]> {
  return db.anyFirst(sql.type(subjectRow)`
    SELECT DISTINCT subject_id FROM reviews WHERE published_at IS NULL AND window_ends_at <= ${now.toISOString()}::timestamptz
      AND (${after}::uuid IS NULL OR subject_id > ${after}::uuid)
    ORDER BY subject_id LIMIT ${limit}`);
}
