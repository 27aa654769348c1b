-- The providers' payouts of a shop's balance to its bank (issue [20]: Stripe's payout.paid and
-- payout.failed on a connected account, the test payments' own): a movement of the ledger each
-- (money leaving the provider's balance, or coming back when a paid payout failed), and the
-- payouts themselves, with why one failed, for the shop's «Incassi» and the admin.
ALTER TABLE earnings_movements ALTER COLUMN payment_id DROP NOT NULL;
ALTER TABLE earnings_movements ADD COLUMN payout_id text;
ALTER TABLE earnings_movements DROP CONSTRAINT earnings_movements_kind_check;
ALTER TABLE earnings_movements ADD CONSTRAINT earnings_movements_kind_check
  CHECK (kind IN ('sale', 'refund', 'chargeback', 'chargeback_reversal', 'payout', 'payout_reversal'));
ALTER TABLE earnings_movements ADD CONSTRAINT earnings_movements_source_check
  CHECK ((payment_id IS NOT NULL) <> (payout_id IS NOT NULL));

CREATE TABLE earnings_payouts (
  provider         text NOT NULL,
  payout_id        text NOT NULL,
  account_id       text NOT NULL,
  holder_kind      text NOT NULL,
  holder_id        uuid NOT NULL,
  amount_cents     bigint NOT NULL,
  status           text NOT NULL CHECK (status IN ('paid', 'failed')),
  arrival_date     date NOT NULL,
  failure_code     text,
  failure_message  text,
  -- Reported paid before it failed: the money went back to the balance.
  was_paid         boolean NOT NULL DEFAULT false,
  reported_at      timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  PRIMARY KEY (provider, payout_id)
);
CREATE INDEX earnings_payouts_holder ON earnings_payouts (holder_kind, holder_id, reported_at DESC);
CREATE INDEX earnings_payouts_failed ON earnings_payouts (updated_at DESC) WHERE status = 'failed';
