import type pg from 'pg';
import type { GlobalProductEvent } from './global-products.js';
import { byEventType, type Projection } from '../../platform/projections/projection.js';

const idOf = (streamId: string): string => streamId.slice('global-product-'.length);

/**
 * Reuse figures from the products using the barcode now: a deleted product, or one whose barcode
 * changed, no longer counts. Popularity: stores that adopted it count ten times a single use;
 * popular from five stores on, unless an admin decided otherwise.
 */
const recount = (tx: pg.ClientBase, id: string) =>
  tx.query(
    `UPDATE global_products g SET store_count = u.stores, total_usage = u.uses,
       popularity_score = u.stores * 10 + u.uses, is_popular = coalesce(g.popular_override, u.stores >= 5)
     FROM (SELECT count(DISTINCT store_id)::int AS stores, coalesce(sum(usage_count), 0)::int AS uses
           FROM global_product_usage WHERE global_product_id = $1 AND status = 'active') u
     WHERE g.id = $1`,
    [id],
  );

/** The shared catalogue by barcode, and how much each entry is reused by stores. */
export const globalProductsProjection: Projection = {
  name: 'global-products',
  title: 'Catalogo condiviso',
  // 3: prices in cents (base_price_cents, custom_price_cents).
  version: 3,
  tables: ['global_products', 'global_product_usage'],
  apply: byEventType<GlobalProductEvent>({
    GlobalProductCreated: (event, tx) => {
      const { id, fields: f, originalStoreId, originalProductId, addedBy } = event.data;
      return tx.query(
        `INSERT INTO global_products (id, name, description, base_price_cents, image_url, images, category, sku, barcode,
           original_store_id, original_product_id, added_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         -- Created again after it was deleted: a fresh entry under the same id and barcode.
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, base_price_cents = EXCLUDED.base_price_cents,
           image_url = EXCLUDED.image_url, images = EXCLUDED.images, category = EXCLUDED.category, sku = EXCLUDED.sku,
           original_store_id = EXCLUDED.original_store_id, original_product_id = EXCLUDED.original_product_id,
           added_by = EXCLUDED.added_by, created_at = EXCLUDED.created_at, status = 'active', featured = false,
           popular_override = NULL, is_popular = false, is_deleted = false
         WHERE global_products.is_deleted`,
        [
          id,
          f.name,
          f.description,
          f.basePriceCents,
          f.imageUrl,
          JSON.stringify(f.images),
          f.category,
          f.sku,
          f.barcode,
          originalStoreId,
          originalProductId,
          addedBy,
          event.metadata.at,
        ],
      );
    },
    GlobalProductUsed: async (event, tx) => {
      const id = idOf(event.streamId);
      const { storeId, productId, priceCents } = event.data;
      // A product that takes the barcode again after giving it up is one more use of the same row.
      await tx.query(
        `INSERT INTO global_product_usage (global_product_id, store_id, product_id, custom_price_cents, first_used, last_used)
         VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (global_product_id, product_id) DO UPDATE
           SET usage_count = global_product_usage.usage_count + 1, last_used = EXCLUDED.last_used,
               custom_price_cents = EXCLUDED.custom_price_cents, status = 'active'`,
        [id, storeId, productId, priceCents, event.metadata.at],
      );
      await tx.query('UPDATE global_products SET last_used = $2 WHERE id = $1', [id, event.metadata.at]);
      await recount(tx, id);
    },
    GlobalProductCurated: (event, tx) => {
      const c = event.data.changes;
      const has = (key: keyof typeof c) => key in c;
      return tx.query(
        `UPDATE global_products SET
           name = CASE WHEN $2 THEN $3 ELSE name END,
           description = CASE WHEN $4 THEN $5 ELSE description END,
           category = CASE WHEN $6 THEN $7 ELSE category END,
           status = CASE WHEN $8 THEN $9 ELSE status END,
           featured = CASE WHEN $10 THEN $11 ELSE featured END,
           popular_override = CASE WHEN $12 THEN $13 ELSE popular_override END,
           is_popular = CASE WHEN $12 THEN coalesce($13, store_count >= 5) ELSE is_popular END
         WHERE id = $1`,
        [
          idOf(event.streamId),
          has('name'),
          c.name ?? null,
          has('description'),
          c.description ?? null,
          has('category'),
          c.category ?? null,
          has('status'),
          c.status ?? null,
          has('featured'),
          c.featured ?? null,
          has('isPopular'),
          c.isPopular ?? null,
        ],
      );
    },
    GlobalProductDeleted: (event, tx) => tx.query('UPDATE global_products SET is_deleted = true WHERE id = $1', [idOf(event.streamId)]),
    GlobalProductUseEnded: async (event, tx) => {
      const id = idOf(event.streamId);
      await tx.query("UPDATE global_product_usage SET status = 'ended' WHERE global_product_id = $1 AND product_id = $2", [id, event.data.productId]);
      await recount(tx, id);
    },
  }),
};
