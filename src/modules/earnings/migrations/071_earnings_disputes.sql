-- A payer's bank disputing a payment (a chargeback, issue [20]) moves the shop's takings too: the
-- money taken back while the bank decides, and given back when the shop wins.
ALTER TABLE earnings_movements DROP CONSTRAINT earnings_movements_kind_check;
ALTER TABLE earnings_movements ADD CONSTRAINT earnings_movements_kind_check CHECK (kind IN ('sale', 'refund', 'chargeback', 'chargeback_reversal'));
-- The dispute a chargeback (or its reversal) belongs to.
ALTER TABLE earnings_movements ADD COLUMN dispute_id text;
