-- Sums over many orders (a day's revenue, orders and units, sign-ups) grow with the number of
-- orders, which no command bounds, while each order's own amounts are bounded (limits.ts): they
-- are kept as numeric without a precision and bigint, which hold any sum.
ALTER TABLE analytics_orders_daily ALTER COLUMN orders TYPE bigint, ALTER COLUMN revenue TYPE numeric;
ALTER TABLE analytics_store_daily ALTER COLUMN orders TYPE bigint, ALTER COLUMN revenue TYPE numeric;
ALTER TABLE analytics_product_daily ALTER COLUMN units TYPE bigint, ALTER COLUMN revenue TYPE numeric;
ALTER TABLE analytics_users_daily ALTER COLUMN count TYPE bigint;
