-- AI credits (issue [11]): what each movement used (a spend, or a charge settling its hold, whose
-- own balance change is nought), for the admin's usage per function per day; and the credits a
-- refunded purchase takes back.

ALTER TABLE credit_movements ADD COLUMN used integer NOT NULL DEFAULT 0;
ALTER TABLE credit_movements DROP CONSTRAINT credit_movements_kind_check;
ALTER TABLE credit_movements ADD CONSTRAINT credit_movements_kind_check
  CHECK (kind IN ('purchase', 'adjustment', 'spend', 'hold', 'charge', 'release', 'removal', 'withdrawal', 'expiry'));
DROP INDEX credit_movements_usage;
CREATE INDEX credit_movements_usage ON credit_movements (at, action) INCLUDE (used) WHERE used > 0;
-- The admin's list of movements, newest first, whoever's.
CREATE INDEX credit_movements_at ON credit_movements (at DESC, id);
