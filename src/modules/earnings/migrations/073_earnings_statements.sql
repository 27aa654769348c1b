-- Each shop's monthly statements issued at the month's close (issue [20]): the figures they were
-- issued with, the commission invoice's among them, for the shop, the admin and the accountant.
CREATE TABLE earnings_statements (
  store_id               uuid NOT NULL,
  month                  text NOT NULL CHECK (month ~ '^\d{4}-(0[1-9]|1[0-2])$'),
  orders                 integer NOT NULL,
  gross_cents            bigint NOT NULL,
  fees_cents             bigint NOT NULL,
  refunds_cents          bigint NOT NULL,
  chargebacks_cents      bigint NOT NULL,
  net_cents              bigint NOT NULL,
  payouts_cents          bigint NOT NULL,
  opening_balance_cents  bigint NOT NULL,
  closing_balance_cents  bigint NOT NULL,
  imponibile_cents       bigint NOT NULL,
  iva_percent            integer NOT NULL,
  iva_cents              bigint NOT NULL,
  totale_cents           bigint NOT NULL,
  issued_at              timestamptz NOT NULL,
  PRIMARY KEY (store_id, month),
  CHECK (imponibile_cents + iva_cents = totale_cents)
);
CREATE INDEX earnings_statements_month ON earnings_statements (month);

-- The month's close finds the shops that moved in the month just over.
CREATE INDEX earnings_movements_at ON earnings_movements (at);
