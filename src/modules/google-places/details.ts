import type { Queryable } from '../../platform/db/pool.js';
import type { PlaceDetails } from './places.js';

/** How long Google's details of a place may be kept and shown (its caching rules). */
export const detailsKeptDays = 30;
/** After this long the upkeep asks Google again, well before they may no longer be shown. */
export const detailsRefreshDays = 7;

const day = 86_400_000;

/** Google's details of a place, as fetched at `at`. */
export async function keepDetails(db: Queryable, placeId: string, details: PlaceDetails, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO google_place_details (place_id, rating, review_count, maps_uri, photo_name, photo_author, photo_author_uri, fetched_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (place_id) DO UPDATE SET rating = $2, review_count = $3, maps_uri = $4, photo_name = $5, photo_author = $6, photo_author_uri = $7, fetched_at = $8`,
    [placeId, details.rating, details.reviewCount, details.mapsUri, details.photoName, details.photoAuthor, details.photoAuthorUri, at],
  );
}

/** A place Google knows no more: nothing of it is shown. */
export async function forgetDetails(db: Queryable, placeId: string): Promise<void> {
  await db.query('DELETE FROM google_place_details WHERE place_id = $1', [placeId]);
}

/** The details of a place still within 30 days at `now`, or null. */
export async function freshDetails(db: Queryable, placeId: string, now: Date): Promise<(PlaceDetails & { fetchedAt: Date }) | null> {
  const { rows } = await db.query<PlaceDetails & { fetchedAt: Date }>(
    `SELECT rating, review_count AS "reviewCount", maps_uri AS "mapsUri", photo_name AS "photoName", photo_author AS "photoAuthor",
            photo_author_uri AS "photoAuthorUri", fetched_at AS "fetchedAt"
     FROM google_place_details WHERE place_id = $1 AND fetched_at > $2`,
    [placeId, new Date(now.getTime() - detailsKeptDays * day)],
  );
  return rows[0] ?? null;
}

/** The linked places whose details are missing or older than a week at `now`, the oldest first (at most `limit`). */
export async function placesToRefresh(db: Queryable, now: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ placeId: string }>(
    `SELECT DISTINCT l.place_id AS "placeId", d.fetched_at FROM store_google_places l LEFT JOIN google_place_details d ON d.place_id = l.place_id
     WHERE d.fetched_at IS NULL OR d.fetched_at < $1 ORDER BY d.fetched_at NULLS FIRST LIMIT $2`,
    [new Date(now.getTime() - detailsRefreshDays * day), limit],
  );
  return rows.map((r) => r.placeId);
}

/** The details past 30 days at `now` removed, and those of places no shop links any more; how many. */
export async function removeStaleDetails(db: Queryable, now: Date): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM google_place_details d WHERE d.fetched_at <= $1 OR NOT EXISTS (SELECT 1 FROM store_google_places l WHERE l.place_id = d.place_id)`,
    [new Date(now.getTime() - detailsKeptDays * day)],
  );
  return rowCount ?? 0;
}
