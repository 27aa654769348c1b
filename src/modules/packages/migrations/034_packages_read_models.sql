-- Packages (src/modules/packages): the catalogue of plans and packs as the admin and the shops read
-- it, the purchases in force (user_packages), and the plan a store is on (spec §3 stores).

CREATE TABLE packages (
  id                               uuid PRIMARY KEY,
  name                             text NOT NULL,
  description                      text NOT NULL,
  price_cents                      integer NOT NULL,
  credits                          integer NOT NULL,
  type                             text NOT NULL CHECK (type IN ('free', 'ai', 'ai_collaborator', 'shipping', 'premium', 'price_comparison')),
  features                         jsonb NOT NULL,
  is_popular                       boolean NOT NULL,
  is_promotional                   boolean NOT NULL,
  discount_percentage              integer NOT NULL,
  promotion_end_date               timestamptz,
  enables_shipping                 boolean NOT NULL,
  shipping_radius                  double precision,
  max_free_shipping_orders         integer,
  enables_online_payments          boolean NOT NULL,
  enables_stripe_payments          boolean NOT NULL,
  enables_paypal_payments          boolean NOT NULL,
  enables_price_comparison         boolean NOT NULL,
  ai_credits_price_cents           integer,
  collaborator_price_cents         integer,
  collaborator_total_cost_cents    integer,
  commission_percentage            double precision NOT NULL,
  collaborator_compensation_cents  integer,
  site_commission_cents            integer,
  custom_items                     jsonb NOT NULL,
  duration_days                    integer NOT NULL,
  duration_months                  integer NOT NULL,
  status                           text NOT NULL CHECK (status IN ('active', 'archived')),
  created_at                       timestamptz NOT NULL,
  updated_at                       timestamptz NOT NULL,
  -- The admin list's word search (admin-rest.ts searchText, as migration 022).
  admin_text                       text GENERATED ALWAYS AS (f_unaccent(name || ' ' || description)) STORED
);
CREATE INDEX packages_type ON packages (status, type, price_cents);
CREATE INDEX packages_admin_text ON packages USING gin (admin_text gin_trgm_ops) WITH (fastupdate = off);

CREATE TABLE user_packages (
  id              uuid PRIMARY KEY,
  user_id         uuid NOT NULL,
  package_id      uuid NOT NULL,
  package_name    text NOT NULL,
  package_type    text NOT NULL,
  purchase_date   timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  is_active       boolean NOT NULL,
  payment_method  text NOT NULL,
  transaction_id  text NOT NULL,
  amount_cents    integer NOT NULL,
  -- The notices already sent, so the expiry job asks only about the ones still due.
  notices         text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX user_packages_user ON user_packages (user_id, purchase_date DESC);
CREATE INDEX user_packages_package ON user_packages (package_id);
CREATE INDEX user_packages_due ON user_packages (expires_at) WHERE is_active;

ALTER TABLE stores ADD COLUMN current_package_id uuid, ADD COLUMN package_expires_at timestamptz;
