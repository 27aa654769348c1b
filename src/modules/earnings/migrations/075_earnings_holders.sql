-- Collaborators are paid the same way as shops (issue [20]): the admin's payout of an assignment's
-- compensation is a transfer to the collaborator's connected account, and their payouts to their
-- bank follow. So the ledger is each holder's (a shop's, or a collaborator's), not only a shop's:
-- store_id becomes holder_id beside its kind, and a movement comes from a payment, a payout or a
-- transfer (exactly one of them).
ALTER TABLE earnings_movements RENAME COLUMN store_id TO holder_id;
ALTER TABLE earnings_movements ADD COLUMN holder_kind text NOT NULL DEFAULT 'store' CHECK (holder_kind IN ('store', 'collaborator'));
ALTER TABLE earnings_movements ADD COLUMN transfer_id text;
-- The assignment a transfer pays.
ALTER TABLE earnings_movements ADD COLUMN assignment_id uuid;
ALTER TABLE earnings_movements DROP CONSTRAINT earnings_movements_kind_check;
ALTER TABLE earnings_movements ADD CONSTRAINT earnings_movements_kind_check
  CHECK (kind IN ('sale', 'refund', 'chargeback', 'chargeback_reversal', 'payout', 'payout_reversal', 'transfer'));
ALTER TABLE earnings_movements DROP CONSTRAINT earnings_movements_source_check;
ALTER TABLE earnings_movements ADD CONSTRAINT earnings_movements_source_check CHECK (num_nonnulls(payment_id, payout_id, transfer_id) = 1);
DROP INDEX earnings_movements_store;
CREATE INDEX earnings_movements_holder ON earnings_movements (holder_kind, holder_id, at DESC, id);

