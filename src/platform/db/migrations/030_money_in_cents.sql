-- Money in integer cents in every read model (spec §9, issue [8]): each euro column becomes a
-- bigint of cents, named so, its rows converted in place so the live tables keep answering the
-- same euros while the projections (new versions) rebuild them from the log.

-- The catalogue (src/modules/catalog).
ALTER TABLE products RENAME COLUMN price TO price_cents;
ALTER TABLE products ALTER COLUMN price_cents TYPE bigint USING round(price_cents * 100);
ALTER TABLE global_products RENAME COLUMN base_price TO base_price_cents;
ALTER TABLE global_products ALTER COLUMN base_price_cents TYPE bigint USING round(base_price_cents * 100);
ALTER TABLE global_product_usage RENAME COLUMN custom_price TO custom_price_cents;
ALTER TABLE global_product_usage ALTER COLUMN custom_price_cents TYPE bigint USING round(custom_price_cents * 100);
