-- The admin's data management and analytics (issue 6, docs/api-admin.md).

-- A rebuild asked for by an admin remembers the log's head and size at that moment, so the
-- projection list can tell a rebuild from ordinary catching up and show how far it has come.
ALTER TABLE projection_checkpoints ADD COLUMN rebuild_until text, ADD COLUMN rebuild_total bigint;

-- An admin's "popular" choice for a shared catalogue entry wins over the automatic one (null).
ALTER TABLE global_products ADD COLUMN popular_override boolean;

-- The latest events of the log (the admin dashboard), newest kept, for the dashboard.
CREATE TABLE admin_activity (
  log_major     bigint NOT NULL,
  log_minor     bigint NOT NULL,
  position      text NOT NULL,
  stream_id     text NOT NULL,
  type          text NOT NULL,
  at            timestamptz NOT NULL,
  actor_user_id uuid,
  actor_role    text,
  data          jsonb NOT NULL,
  PRIMARY KEY (log_major, log_minor)
);

-- Sales analytics (src/modules/analytics/orders-projection.ts), by day of the Rome calendar.
CREATE TABLE analytics_orders (
  order_id  uuid PRIMARY KEY,
  day       date NOT NULL,
  total     numeric(12, 2) NOT NULL,
  cancelled boolean NOT NULL DEFAULT false
);
CREATE TABLE analytics_orders_daily (
  day     date PRIMARY KEY,
  orders  int NOT NULL,
  revenue numeric(14, 2) NOT NULL
);
CREATE TABLE analytics_store_daily (
  day        date NOT NULL,
  store_id   uuid NOT NULL,
  store_name text NOT NULL,
  orders     int NOT NULL,
  revenue    numeric(14, 2) NOT NULL,
  PRIMARY KEY (day, store_id)
);
CREATE TABLE analytics_product_daily (
  day          date NOT NULL,
  product_id   uuid NOT NULL,
  product_name text NOT NULL,
  units        int NOT NULL,
  revenue      numeric(14, 2) NOT NULL,
  PRIMARY KEY (day, product_id)
);

-- Sign-ups (src/modules/analytics/users-projection.ts): accounts registered per day and role.
CREATE TABLE analytics_users_daily (
  day   date NOT NULL,
  role  text NOT NULL,
  count int NOT NULL,
  PRIMARY KEY (day, role)
);

-- The admin product list searches name, SKU and barcode as one text (admin-catalogue.ts).
CREATE INDEX products_admin_search ON products
  USING gin (f_unaccent(name || ' ' || coalesce(sku, '') || ' ' || coalesce(barcode, '')) gin_trgm_ops) WHERE NOT is_deleted;
CREATE INDEX products_admin_created ON products (created_at, id) WHERE NOT is_deleted;
CREATE INDEX users_created ON users (created_at, id);
