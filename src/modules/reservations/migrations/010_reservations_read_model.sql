-- Product reservations read model (spec §3 product_reservations), built by src/modules/reservations/projection.ts.

CREATE TABLE product_reservations (
  id                     uuid PRIMARY KEY,
  user_id                uuid NOT NULL,
  product_id             uuid NOT NULL,
  product_name           text NOT NULL,
  store_id               uuid NOT NULL,
  store_owner_id         uuid NOT NULL,
  store_name             text NOT NULL,
  quantity               int NOT NULL,
  status                 text NOT NULL,
  customer_name          text NOT NULL,
  customer_phone         text NOT NULL,
  customer_email         text NOT NULL,
  reservation_date       date NOT NULL,
  preferred_pickup_time  text,
  notes                  text NOT NULL DEFAULT '',
  shopkeeper_notes       text,
  confirmed_at           timestamptz,
  ready_at               timestamptz,
  completed_at           timestamptz,
  cancelled_at           timestamptz,
  cancel_reason          text,
  cancelled_by           text,
  expired                boolean NOT NULL DEFAULT false,
  -- When it expires if not collected: the end of its day in Rome plus the grace (domain/reservations).
  expires_at             timestamptz NOT NULL,
  -- Units its hold keeps on the product's stock now (from ProductStockHeld / ProductStockReleased).
  stock_held             int NOT NULL DEFAULT 0,
  created_at             timestamptz NOT NULL,
  updated_at             timestamptz NOT NULL
);
CREATE INDEX product_reservations_user ON product_reservations (user_id, created_at DESC);
CREATE INDEX product_reservations_store ON product_reservations (store_id, created_at DESC);
-- The expiry process: open reservations by deadline, and cancelled ones still holding stock.
CREATE INDEX product_reservations_due ON product_reservations (expires_at, id) WHERE status IN ('pending', 'confirmed', 'ready');
CREATE INDEX product_reservations_unreleased ON product_reservations (id) WHERE status = 'cancelled' AND stock_held > 0;
