-- Every refund of a payment, one row each (issue [19]: money people can see): how much, why (the
-- reason it was asked with), under which key (a dispute's compensation, a cancelled order…), when
-- it was asked and when the provider confirmed it. What an order shows as refunded is read here.
CREATE TABLE payment_refunds (
  payment_id   uuid NOT NULL,
  refund_key   text NOT NULL,
  amount_cents bigint NOT NULL,
  -- Null for a refund made at the provider (its dashboard), which no one asked for here.
  reason       text,
  partial      boolean NOT NULL,
  requested_at timestamptz NOT NULL,
  -- When the provider confirmed it: until then it is on its way.
  refunded_at  timestamptz,
  PRIMARY KEY (payment_id, refund_key)
);
