import type { Pool } from '../../platform/db/pool.js';
import { poolPage } from '../../platform/db/read-page.js';
import { DomainError } from '../../platform/domain/errors.js';
import { anyOf, uuidFilter, type ListResource } from '../../platform/http/admin-rest.js';
import type { Paging } from '../../platform/http/paging.js';
import { review, type PublicReview, type PublicReviews, type Review, type ToWrite } from './contract.js';
import { REVIEW_WINDOW_MS, reviewerTypes, revieweeTypes, subjectTypes } from './labels.js';
import { reviewNotFound } from './review.js';

/** Seen by others at $1: published, or its window over (before the upkeep wrote its publication). */
export const visibleSql = (now: string) => `(r.published_at IS NOT NULL OR r.window_ends_at <= ${now})`;

/** A shop's rating for every page that shows one (favourites, dashboards, its page): the average of its customers' published reviews, null until the first. */
export const storeRatingSql = (storeId: string) =>
  `(SELECT round(avg(r.overall_rating), 1)::float8 FROM reviews r WHERE r.reviewee_type = 'store' AND r.reviewee_id = ${storeId} AND r.subject_type = 'order' AND r.published_at IS NOT NULL)`;

const columns = (now: string) => `r.id, r.subject_type AS "subjectType", r.subject_id AS "subjectId", r.store_id AS "storeId", r.store_name AS "storeName",
  r.collaborator_id AS "collaboratorId", r.collaborator_name AS "collaboratorName", r.assignment_id AS "assignmentId", r.reviewer_id AS "reviewerId",
  r.reviewer_type AS "reviewerType", r.reviewer_name AS "reviewerName", r.reviewee_type AS "revieweeType", r.reviewee_id AS "revieweeId",
  r.overall_rating AS "overallRating", r.quality, r.punctuality, r.communication, r.professionalism, r.comment, r.would_recommend AS "wouldRecommend",
  r.would_work_again AS "wouldWorkAgain", r.positive_points AS "positivePoints", r.improvement_areas AS "improvementAreas",
  to_char(r.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "completedAt",
  to_char(r.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "submittedAt",
  to_char(r.window_ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "windowEndsAt",
  ${visibleSql(now)} AS published, r.reply,
  to_char(r.replied_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "repliedAt"`;

export interface Reader {
  id: string;
  role: string;
}

/** The reviews about me (a collaborator) or my shop (a shopkeeper): only those seen by others already. */
export async function receivedBy(pool: Pool, reader: Reader, now: Date, paging: Paging): Promise<{ rows: Review[]; total: number }> {
  const about =
    reader.role === 'collaborator'
      ? `r.reviewee_type = 'collaborator' AND r.reviewee_id = $2`
      : reader.role === 'shopkeeper'
        ? `r.reviewee_type = 'store' AND r.shopkeeper_id = $2`
        : 'false';
  return poolPage<Review>(
    pool,
    { select: columns('$1'), from: `reviews r WHERE ${about} AND ${visibleSql('$1')}`, order: 'r.submitted_at DESC, r.id', params: [now, reader.id] },
    paging,
  );
}

/** The reviews I wrote, with whether the other side sees them yet. */
export async function writtenBy(pool: Pool, reader: Reader, now: Date, paging: Paging): Promise<{ rows: Review[]; total: number }> {
  return poolPage<Review>(pool, { select: columns('$1'), from: 'reviews r WHERE r.reviewer_id = $2', order: 'r.submitted_at DESC, r.id', params: [now, reader.id] }, paging);
}

/** One review for its writer, its subject (once public) or an admin; anyone else reads it as not found. */
export async function reviewAnswer(pool: Pool, reader: Reader, id: string, now: Date): Promise<Review> {
  const { rows } = await pool.query<Review & { shopkeeper_id: string }>(`SELECT ${columns('$2')}, r.shopkeeper_id FROM reviews r WHERE r.id = $1`, [id, now]);
  const row = rows[0];
  if (!row) throw new DomainError(reviewNotFound, 'not-found');
  const { shopkeeper_id: shopkeeperId, ...found } = row;
  const aboutMe = found.revieweeType === 'collaborator' ? found.revieweeId === reader.id : shopkeeperId === reader.id;
  if (reader.role !== 'admin' && found.reviewerId !== reader.id && !(aboutMe && found.published)) throw new DomainError(reviewNotFound, 'not-found');
  return found;
}

/** A short public name: "Giulia B." */
const publicName = `trim(split_part(trim(r.reviewer_name), ' ', 1) || CASE WHEN split_part(trim(r.reviewer_name), ' ', 2) <> '' THEN ' ' || left(split_part(trim(r.reviewer_name), ' ', 2), 1) || '.' ELSE '' END)`;

/** The published reviews of a shop (its customers') or a collaborator (the shops'), a page of them, with their average and count. */
export async function publicReviewsOf(pool: Pool, about: { type: 'store' | 'collaborator'; id: string }, now: Date, paging: Paging): Promise<PublicReviews> {
  const where = `r.reviewee_type = $2 AND r.reviewee_id = $3 AND ${visibleSql('$1')}${about.type === 'store' ? ` AND r.subject_type = 'order'` : ''}`;
  const params = [now, about.type, about.id];
  const [{ rows }, { rows: totals }] = await Promise.all([
    poolPage<PublicReview>(
      pool,
      {
        select: `r.id, r.subject_type AS "subjectType", r.reviewer_type AS "reviewerType", ${publicName} AS "reviewerName", r.overall_rating AS "overallRating",
        r.quality, r.punctuality, r.communication, r.professionalism, r.comment, r.would_recommend AS "wouldRecommend", r.would_work_again AS "wouldWorkAgain",
        r.positive_points AS "positivePoints", r.improvement_areas AS "improvementAreas",
        to_char(r.submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "submittedAt", r.reply,
        to_char(r.replied_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "repliedAt"`,
        from: `reviews r WHERE ${where}`,
        order: 'r.submitted_at DESC, r.id',
        params,
      },
      paging,
    ),
    pool.query<{ average: number | null; count: number }>(
      `SELECT round(avg(r.overall_rating), 1)::float8 AS average, count(*)::int AS count FROM reviews r WHERE ${where}`,
      params,
    ),
  ]);
  return { average: totals[0]?.average ?? null, count: totals[0]?.count ?? 0, reviews: rows };
}

/**
 * What still awaits my review: a shopkeeper's and a collaborator's completed sessions, a
 * customer's completed orders, within 14 days of the completion and not reviewed by me yet;
 * the nearest deadline first.
 */
export async function toWriteFor(pool: Pool, reader: Reader, now: Date): Promise<ToWrite[]> {
  const window = `${REVIEW_WINDOW_MS} * interval '1 millisecond'`;
  const iso = (e: string) => `to_char((${e}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  let sql: string;
  if (reader.role === 'shopkeeper' || reader.role === 'collaborator') {
    const side = reader.role === 'shopkeeper' ? 's.shopkeeper_id' : 's.collaborator_id';
    sql = `SELECT 'session' AS "subjectType", s.id AS "subjectId", $3::text AS "reviewerType", s.store_id AS "storeId", s.store_name AS "storeName",
        ${reader.role === 'shopkeeper' ? 's.collaborator_name' : 's.store_name'} AS "revieweeName",
        ${iso('s.actual_end_at')} AS "completedAt", ${iso(`s.actual_end_at + ${window}`)} AS "deadline", s.actual_end_at + ${window} AS due
      FROM collaboration_sessions s
      WHERE ${side} = $1 AND s.status = 'completed' AND s.actual_end_at + ${window} > $2
        AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.subject_id = s.id AND r.reviewer_type = $3)`;
  } else if (reader.role === 'customer') {
    const completed = `coalesce((SELECT max(t.at) FROM order_timeline t WHERE t.order_id = o.id AND t.status = 'completed'), o.updated_at)`;
    sql = `SELECT * FROM (SELECT 'order' AS "subjectType", o.id AS "subjectId", $3::text AS "reviewerType", o.store_id AS "storeId", o.store_name AS "storeName",
        o.store_name AS "revieweeName", ${iso(completed)} AS "completedAt", ${iso(`${completed} + ${window}`)} AS "deadline", ${completed} + ${window} AS due
      FROM orders o
      WHERE o.user_id = $1 AND o.status = 'completed' AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.subject_id = o.id AND r.reviewer_type = $3)) w
      WHERE w.due > $2`;
  } else return [];
  const { rows } = await pool.query<ToWrite & { due: Date }>(`${sql} ORDER BY due, "subjectId" LIMIT 200`, [reader.id, now, reader.role]);
  return rows.map(({ due: _due, ...r }) => r);
}

/** The admin's list of every review (published: as read now). */
export const reviewsResource: ListResource = {
  name: 'reviews',
  from: 'reviews r',
  select: columns('now()'),
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
  searchText: `(r.store_name || ' ' || r.reviewer_name || ' ' || coalesce(r.collaborator_name, ''))`,
  notFound: reviewNotFound,
  row: review,
};

/** The subject of a review, from the read model (the review's stream is its subject's). */
export async function subjectOfReview(pool: Pool, reviewId: string): Promise<string> {
  const { rows } = await pool.query<{ subject_id: string }>('SELECT subject_id FROM reviews WHERE id = $1', [reviewId]);
  if (!rows[0]) throw new DomainError(reviewNotFound, 'not-found');
  return rows[0].subject_id;
}

/** A shop's rating (storeRatingSql): null until its first published review. */
export async function storeRating(pool: Pool, storeId: string): Promise<number | null> {
  const { rows } = await pool.query<{ rating: number | null }>(`SELECT ${storeRatingSql('$1')} AS rating`, [storeId]);
  return rows[0]?.rating ?? null;
}
