import type { GlobalProductEvent } from '../domain/catalog/global-products.js';
import { byEventType, type Projection } from './projection.js';

/** The shared catalogue by barcode, and how much each entry is reused by stores. */
export const globalProductsProjection: Projection = {
  name: 'global-products',
  version: 1,
  tables: ['global_products', 'global_product_usage'],
  apply: byEventType<GlobalProductEvent>({
    GlobalProductCreated: (event, tx) => {
      const { id, fields: f, originalStoreId, originalProductId, addedBy } = event.data;
      return tx.query(
        `INSERT INTO global_products (id, name, description, base_price, image_url, images, category, sku, barcode,
           original_store_id, original_product_id, added_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING`,
        [id, f.name, f.description, f.basePrice, f.imageUrl, JSON.stringify(f.images), f.category, f.sku, f.barcode,
          originalStoreId, originalProductId, addedBy, event.metadata.at],
      );
    },
    GlobalProductUsed: async (event, tx) => {
      const id = event.streamId.slice('global-product-'.length);
      const { storeId, productId, price } = event.data;
      await tx.query(
        `INSERT INTO global_product_usage (global_product_id, store_id, product_id, custom_price, first_used, last_used)
         VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (global_product_id, product_id) DO UPDATE
           SET usage_count = global_product_usage.usage_count + 1, last_used = EXCLUDED.last_used, custom_price = EXCLUDED.custom_price`,
        [id, storeId, productId, price, event.metadata.at],
      );
      // Popularity: stores that adopted it count ten times a single use.
      await tx.query(
        `UPDATE global_products g SET store_count = u.stores, total_usage = u.uses, last_used = $2,
           popularity_score = u.stores * 10 + u.uses, is_popular = u.stores >= 5
         FROM (SELECT count(DISTINCT store_id)::int AS stores, sum(usage_count)::int AS uses
               FROM global_product_usage WHERE global_product_id = $1) u
         WHERE g.id = $1`,
        [id, event.metadata.at],
      );
    },
  }),
};
