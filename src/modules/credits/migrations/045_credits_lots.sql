-- The lots of AI credits (issue [11]): what is left of each, when it expires, whether its owner was
-- told and whether it is closed (expired or taken back). The expiry job finds here the ledgers with
-- something to expire or to tell, without reading every ledger.
CREATE TABLE credit_lots (
  user_id     uuid NOT NULL,
  lot_id      text NOT NULL,
  credits     integer NOT NULL,
  remaining   integer NOT NULL,
  expires_at  timestamptz NOT NULL,
  noticed     boolean NOT NULL DEFAULT false,
  closed      boolean NOT NULL DEFAULT false,
  PRIMARY KEY (user_id, lot_id)
);
CREATE INDEX credit_lots_due ON credit_lots (expires_at) WHERE NOT closed AND remaining > 0;
