import { sql, type ReadDb } from '../../platform/db/read.js';
import { favoriteStore, type FavoriteStore } from './contract.js';

/** A customer's favourite shops still open, the latest added first. */
export async function favoriteStoresOf(db: ReadDb, userId: string): Promise<FavoriteStore[]> {
  // The rating: the average of the shop's customers' published reviews (issue [14], reviews/queries.ts storeRatingSql); null until the first (the page shows 4.5, spec §1).
  return [
    ...(await db.any(sql.type(favoriteStore)`
    SELECT s.id, s.name, s.slug, s.category, s.logo AS "logoUrl", (SELECT round(avg(r.overall_rating), 1)::float8 FROM reviews r
      WHERE r.reviewee_type = 'store' AND r.reviewee_id = s.id AND r.subject_type = 'order' AND r.published_at IS NOT NULL) AS rating, s.address
    FROM favorites f JOIN stores s ON s.id = f.store_id
    WHERE f.user_id = ${userId} AND s.status = 'active' ORDER BY f.created_at DESC`)),
  ];
}

/** Whether a shop can be favoured: it exists and is open. */
export async function isActiveStore(db: ReadDb, storeId: string): Promise<boolean> {
  return db.exists(sql.unsafe`SELECT 1 FROM stores WHERE id = ${storeId} AND status = 'active'`);
}
