-- AI credits (src/modules/credits, issue [11]): each user's balance, and every movement of their
-- credits with what it was for (purchases, spends by function, holds and their outcome,
-- adjustments, expiries), as the ledger's events tell them.

CREATE TABLE ai_credits (
  user_id          uuid PRIMARY KEY,
  balance          integer NOT NULL,
  total_purchased  integer NOT NULL,
  total_used       integer NOT NULL,
  last_activity    timestamptz NOT NULL
);

CREATE TABLE credit_movements (
  id            uuid PRIMARY KEY,
  user_id       uuid NOT NULL,
  kind          text NOT NULL CHECK (kind IN ('purchase', 'adjustment', 'spend', 'hold', 'charge', 'release', 'removal', 'expiry')),
  -- What the balance moved by: + in, − out (a charge moves nothing: its hold took the credits).
  credits       integer NOT NULL,
  action        text,
  description   text NOT NULL,
  related_type  text,
  related_id    text,
  at            timestamptz NOT NULL
);
CREATE INDEX credit_movements_user ON credit_movements (user_id, at DESC);
-- Usage per function per day (the admin's chart).
CREATE INDEX credit_movements_usage ON credit_movements (at, action) WHERE kind IN ('spend', 'charge');
