-- Price comparison (src/modules/price-comparison, issue [11]): the same shared catalogue entry in
-- the shops around a product's shop, and the customers who may see it (spec §3 users).

-- One global product's offers in sale, by latitude: a comparison reads only the band of its radius
-- from the index alone (longitude, shop and price ride along), never the table.
CREATE INDEX products_global_product_near ON products (global_product_id, latitude) INCLUDE (longitude, store_id, price_cents)
  WHERE global_product_id IS NOT NULL AND status = 'active' AND NOT is_deleted AND store_active;

-- Set by an admin on the account (UserPriceComparisonSet): on until the expiry, when there is one.
ALTER TABLE users ADD COLUMN price_comparison_enabled boolean NOT NULL DEFAULT false,
  ADD COLUMN price_comparison_expires_at timestamptz;
