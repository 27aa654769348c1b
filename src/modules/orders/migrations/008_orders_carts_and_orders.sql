-- Cart and orders read models (issue #5), built by src/modules/cart/projection.ts and orders.ts.

CREATE TABLE cart_items (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL,
  product_id  uuid NOT NULL,
  store_id    uuid NOT NULL,
  quantity    int NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX cart_items_user ON cart_items (user_id, created_at);

CREATE TABLE orders (
  id                  uuid PRIMARY KEY,
  user_id             uuid NOT NULL,
  store_id            uuid NOT NULL,
  store_owner_id      uuid NOT NULL,
  store_name          text NOT NULL,
  status              text NOT NULL,
  payment_status      text NOT NULL,
  payment_method      text NOT NULL,
  subtotal            numeric(10, 2) NOT NULL,
  shipping_cost       numeric(10, 2) NOT NULL,
  total               numeric(10, 2) NOT NULL,
  delivery_type       text NOT NULL,
  delivery_address    text,
  delivery_latitude   double precision,
  delivery_longitude  double precision,
  pickup_time         timestamptz,
  pickup_code         text,
  customer_name       text NOT NULL,
  customer_phone      text NOT NULL,
  customer_email      text NOT NULL,
  notes               text NOT NULL DEFAULT '',
  cancel_reason       text,
  cancelled_by        text,
  item_count          int NOT NULL,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL
);
CREATE INDEX orders_user ON orders (user_id, created_at DESC);
CREATE INDEX orders_store ON orders (store_id, created_at DESC);

CREATE TABLE order_items (
  order_id    uuid NOT NULL,
  line        int NOT NULL,
  product_id  uuid NOT NULL,
  name        text NOT NULL,
  price       numeric(10, 2) NOT NULL,
  quantity    int NOT NULL,
  PRIMARY KEY (order_id, line)
);

-- Each status change, who made it and when: the order's timeline.
CREATE TABLE order_timeline (
  order_id       uuid NOT NULL,
  revision       int NOT NULL,
  status         text NOT NULL,
  at             timestamptz NOT NULL,
  actor_user_id  uuid,
  actor_role     text,
  note           text,
  PRIMARY KEY (order_id, revision)
);
