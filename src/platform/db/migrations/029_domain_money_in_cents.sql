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

-- The stores' shipping terms (src/modules/stores).
ALTER TABLE stores RENAME COLUMN minimum_order_for_shipping TO minimum_order_for_shipping_cents;
ALTER TABLE stores ALTER COLUMN minimum_order_for_shipping_cents TYPE bigint USING round(minimum_order_for_shipping_cents * 100);
ALTER TABLE stores RENAME COLUMN shipping_cost TO shipping_cost_cents;
ALTER TABLE stores ALTER COLUMN shipping_cost_cents TYPE bigint USING round(shipping_cost_cents * 100);
ALTER TABLE stores RENAME COLUMN free_shipping_threshold TO free_shipping_threshold_cents;
ALTER TABLE stores ALTER COLUMN free_shipping_threshold_cents TYPE bigint USING round(free_shipping_threshold_cents * 100);

-- Orders and their lines (src/modules/orders).
ALTER TABLE orders RENAME COLUMN subtotal TO subtotal_cents;
ALTER TABLE orders ALTER COLUMN subtotal_cents TYPE bigint USING round(subtotal_cents * 100);
ALTER TABLE orders RENAME COLUMN shipping_cost TO shipping_cost_cents;
ALTER TABLE orders ALTER COLUMN shipping_cost_cents TYPE bigint USING round(shipping_cost_cents * 100);
ALTER TABLE orders RENAME COLUMN total TO total_cents;
ALTER TABLE orders ALTER COLUMN total_cents TYPE bigint USING round(total_cents * 100);
ALTER TABLE order_items RENAME COLUMN price TO price_cents;
ALTER TABLE order_items ALTER COLUMN price_cents TYPE bigint USING round(price_cents * 100);

-- Sales analytics (src/modules/analytics): totals and revenue sums.
ALTER TABLE analytics_orders RENAME COLUMN total TO total_cents;
ALTER TABLE analytics_orders ALTER COLUMN total_cents TYPE bigint USING round(total_cents * 100);
ALTER TABLE analytics_orders_daily RENAME COLUMN revenue TO revenue_cents;
ALTER TABLE analytics_orders_daily ALTER COLUMN revenue_cents TYPE bigint USING round(revenue_cents * 100);
ALTER TABLE analytics_store_daily RENAME COLUMN revenue TO revenue_cents;
ALTER TABLE analytics_store_daily ALTER COLUMN revenue_cents TYPE bigint USING round(revenue_cents * 100);
ALTER TABLE analytics_product_daily RENAME COLUMN revenue TO revenue_cents;
ALTER TABLE analytics_product_daily ALTER COLUMN revenue_cents TYPE bigint USING round(revenue_cents * 100);
ALTER TABLE analytics_store_orders RENAME COLUMN total TO total_cents;
ALTER TABLE analytics_store_orders ALTER COLUMN total_cents TYPE bigint USING round(total_cents * 100);
ALTER TABLE analytics_store_hourly RENAME COLUMN revenue TO revenue_cents;
ALTER TABLE analytics_store_hourly ALTER COLUMN revenue_cents TYPE bigint USING round(revenue_cents * 100);
ALTER TABLE analytics_store_products RENAME COLUMN revenue TO revenue_cents;
ALTER TABLE analytics_store_products ALTER COLUMN revenue_cents TYPE bigint USING round(revenue_cents * 100);
