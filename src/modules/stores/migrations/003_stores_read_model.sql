-- Read model of the stores projection (spec §3 stores).
CREATE TABLE stores (
  id                         uuid PRIMARY KEY,
  owner_id                   uuid NOT NULL,
  name                       text NOT NULL,
  slug                       text NOT NULL UNIQUE,
  description                text NOT NULL DEFAULT '',
  address                    text NOT NULL,
  phone                      text,
  email                      text,
  website                    text,
  category                   text NOT NULL DEFAULT 'general',
  store_type                 text NOT NULL DEFAULT 'retail',
  latitude                   double precision NOT NULL,
  longitude                  double precision NOT NULL,
  opening_hours              jsonb NOT NULL,
  delivery_radius            numeric NOT NULL DEFAULT 5,
  logo                       text,
  images                     jsonb NOT NULL DEFAULT '[]',
  show_phone                 boolean NOT NULL DEFAULT true,
  show_email                 boolean NOT NULL DEFAULT true,
  show_map                   boolean NOT NULL DEFAULT true,
  status                     text NOT NULL DEFAULT 'pending',
  status_reason              text,
  shipping_enabled           boolean NOT NULL DEFAULT false,
  pickup_only                boolean NOT NULL DEFAULT true,
  shipping_radius            numeric,
  minimum_order_for_shipping numeric,
  shipping_cost              numeric,
  free_shipping_threshold    numeric,
  shipping_note              text,
  online_payments_enabled    boolean NOT NULL DEFAULT false,
  stripe_payments_enabled    boolean NOT NULL DEFAULT false,
  paypal_payments_enabled    boolean NOT NULL DEFAULT false,
  created_at                 timestamptz NOT NULL,
  updated_at                 timestamptz NOT NULL
);
CREATE INDEX stores_owner ON stores (owner_id);
CREATE INDEX stores_status ON stores (status, created_at);

-- Page views are a telemetry counter, not business events: outside any projection, kept on rebuild.
CREATE TABLE store_views (
  store_id uuid PRIMARY KEY,
  views    bigint NOT NULL DEFAULT 0
);
