import { sql, type ReadDb } from '../../platform/db/read.js';
import { favoriteStore, type FavoriteStore } from './contract.js';

/** A customer's favourite shops still open, the latest added first. */
export async function favoriteStoresOf(db: ReadDb, userId: string): Promise<FavoriteStore[]> {
  return [...(await db.any(sql.type(favoriteStore)`
    SELECT s.id, s.name, s.slug, s.category, s.logo AS "logoUrl", NULL::numeric AS rating, s.address
    FROM favorites f JOIN stores s ON s.id = f.store_id
    WHERE f.user_id = ${userId} AND s.status = 'active' ORDER BY f.created_at DESC`))];
}

/** Whether a shop can be favoured: it exists and is open. */
export async function isActiveStore(db: ReadDb, storeId: string): Promise<boolean> {
  return db.exists(sql.unsafe`SELECT 1 FROM stores WHERE id = ${storeId} AND status = 'active'`);
}
