-- The disputes of payments (chargebacks, issue [20]): what the payer's bank took back, why, and how
-- it ended, for the order's page (customer and shop) and the admin.
CREATE TABLE payment_disputes (
  payment_id      uuid NOT NULL,
  dispute_id      text NOT NULL,
  amount_cents    bigint NOT NULL,
  reason          text,
  status          text NOT NULL CHECK (status IN ('open', 'won', 'lost')),
  opened_at       timestamptz NOT NULL,
  closed_at       timestamptz,
  PRIMARY KEY (payment_id, dispute_id)
);
