-- Payments (src/modules/payments): every movement of money as the admin's list reads it, and the
-- payment settings (one row of the fields changed from the defaults, as the other settings).

CREATE TABLE payment_settings (
  id       int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  settings jsonb NOT NULL
);

CREATE TABLE payment_transactions (
  id                      uuid PRIMARY KEY,
  user_id                 uuid NOT NULL,
  assignment_id           uuid,
  package_id              uuid,
  transaction_type        text NOT NULL CHECK (transaction_type IN ('package_purchase', 'collaboration_payment', 'refund', 'credit_purchase')),
  amount_cents            bigint NOT NULL,
  currency                text NOT NULL,
  payment_method          text NOT NULL,
  payment_provider        text NOT NULL,
  provider_transaction_id text,
  payment_url             text,
  status                  text NOT NULL CHECK (status IN ('pending', 'processing', 'completed', 'failed', 'cancelled', 'refunded')),
  metadata                jsonb NOT NULL,
  description             text NOT NULL,
  failure_reason          text,
  refund_key              text,
  completed_at            timestamptz,
  refunded_at             timestamptz,
  created_at              timestamptz NOT NULL,
  updated_at              timestamptz NOT NULL,
  -- The admin list's word search (admin-rest.ts searchText, as migration 022).
  admin_text              text GENERATED ALWAYS AS (f_unaccent(description || ' ' || coalesce(provider_transaction_id, ''))) STORED
);
CREATE INDEX payment_transactions_created ON payment_transactions (created_at DESC);
CREATE INDEX payment_transactions_status ON payment_transactions (status, created_at DESC);
CREATE INDEX payment_transactions_user ON payment_transactions (user_id, created_at DESC);
-- A webhook that names only the provider's id finds its payment by it.
CREATE UNIQUE INDEX payment_transactions_provider_id ON payment_transactions (payment_provider, provider_transaction_id) WHERE provider_transaction_id IS NOT NULL;
CREATE INDEX payment_transactions_admin_text ON payment_transactions USING gin (admin_text gin_trgm_ops) WITH (fastupdate = off);
