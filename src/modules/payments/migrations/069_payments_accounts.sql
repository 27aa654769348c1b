-- Shops' payment accounts (issue [20], src/modules/payments/payment-account.ts): one row per holder
-- and provider, the provider's account id and what the provider last said it can do.

CREATE TABLE payment_accounts (
  holder_kind           text NOT NULL CHECK (holder_kind IN ('store', 'collaborator')),
  holder_id             uuid NOT NULL,
  provider              text NOT NULL CHECK (provider IN ('stripe', 'sandbox')),
  account_id            text NOT NULL,
  charges_enabled       boolean NOT NULL DEFAULT false,
  payouts_enabled       boolean NOT NULL DEFAULT false,
  details_submitted     boolean NOT NULL DEFAULT false,
  missing               text[] NOT NULL DEFAULT '{}',
  pending_verification  text[] NOT NULL DEFAULT '{}',
  disabled_reason       text,
  observed_at           timestamptz,
  connected_at          timestamptz NOT NULL,
  updated_at            timestamptz NOT NULL,
  PRIMARY KEY (holder_kind, holder_id, provider)
);
-- A provider's webhook names the account: it finds its holder by it.
CREATE UNIQUE INDEX payment_accounts_account ON payment_accounts (provider, account_id);
