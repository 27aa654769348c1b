-- Each shop's takings (issue [20], src/modules/earnings): the payments made to a shop's own account,
-- and the ledger of their movements (a sale, a refund), each with what the customer paid, the
-- platform's commission and the shop's part. Built from the payments' events; rebuilt from them.

CREATE TABLE earnings_payments (
  payment_id             uuid PRIMARY KEY,
  store_id               uuid NOT NULL,
  order_id               uuid,
  provider               text NOT NULL,
  amount_cents           bigint NOT NULL,
  fee_cents              bigint NOT NULL,
  commission_percentage  double precision NOT NULL,
  description            text NOT NULL,
  completed              boolean NOT NULL DEFAULT false,
  -- What was refunded so far: a refund's share of the fee is counted on the running total (payments/commission.ts).
  refunded_cents         bigint NOT NULL DEFAULT 0
);

CREATE TABLE earnings_movements (
  id            uuid PRIMARY KEY,
  store_id      uuid NOT NULL,
  payment_id    uuid NOT NULL,
  order_id      uuid,
  kind          text NOT NULL CHECK (kind IN ('sale', 'refund')),
  -- Signed: a sale adds, a refund takes away. gross = fee + net, always.
  gross_cents   bigint NOT NULL,
  fee_cents     bigint NOT NULL,
  net_cents     bigint NOT NULL,
  provider      text NOT NULL,
  description   text NOT NULL,
  at            timestamptz NOT NULL,
  CHECK (gross_cents = fee_cents + net_cents)
);
CREATE INDEX earnings_movements_store ON earnings_movements (store_id, at DESC, id);
