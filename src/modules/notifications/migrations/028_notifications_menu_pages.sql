-- The menu pages of issue [7]: notice preferences, the shop's own analytics, Web Push.

-- Which notices a user wants live (stream and Web Push) and by e-mail, per kind; a kind without a
-- row is wanted both ways (src/modules/notifications/projection.ts; issue [9] reads `email`).
CREATE TABLE notification_preferences (
  user_id uuid NOT NULL,
  kind    text NOT NULL,
  live    boolean NOT NULL,
  email   boolean NOT NULL,
  PRIMARY KEY (user_id, kind)
);

-- A shop's sales by hour of the Rome clock and per product (src/modules/analytics/stores-projection.ts).
CREATE TABLE analytics_store_orders (
  order_id  uuid PRIMARY KEY,
  store_id  uuid NOT NULL,
  day       date NOT NULL,
  hour      smallint NOT NULL,
  total     numeric NOT NULL,
  cancelled boolean NOT NULL DEFAULT false
);
CREATE TABLE analytics_store_hourly (
  store_id uuid NOT NULL,
  day      date NOT NULL,
  hour     smallint NOT NULL,
  orders   bigint NOT NULL,
  revenue  numeric NOT NULL,
  PRIMARY KEY (store_id, day, hour)
);
CREATE TABLE analytics_store_products (
  store_id     uuid NOT NULL,
  day          date NOT NULL,
  product_id   uuid NOT NULL,
  product_name text NOT NULL,
  units        bigint NOT NULL,
  revenue      numeric NOT NULL,
  PRIMARY KEY (store_id, day, product_id)
);

-- Store page views per day of the Rome calendar: a counter beside store_views, not an event.
CREATE TABLE store_views_daily (
  store_id uuid NOT NULL,
  day      date NOT NULL,
  views    bigint NOT NULL,
  PRIMARY KEY (store_id, day)
);

-- Web Push (src/modules/notifications): the VAPID keys and switch, the browsers subscribed per user
-- (each for the session that subscribed it), and the notices waiting to be pushed.
CREATE TABLE web_push_settings (
  id       int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  settings jsonb NOT NULL
);
CREATE TABLE push_subscriptions (
  endpoint   text PRIMARY KEY,
  user_id    uuid NOT NULL,
  session_id uuid NOT NULL,
  p256dh     text NOT NULL,
  auth       text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
-- Written by the notifications read model with the notice, outside its own tables: a rebuild
-- finds the notice already there and pushes nothing twice.
CREATE TABLE push_outbox (
  notification_id uuid PRIMARY KEY,
  user_id         uuid NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz
);
CREATE INDEX push_outbox_due ON push_outbox (created_at) WHERE sent_at IS NULL;
