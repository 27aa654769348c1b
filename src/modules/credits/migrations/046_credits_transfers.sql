-- Credits a shop entrusts to a collaborator for a piece of work (issue [11], used by [13]): the
-- spec's ai_credit_transfers, and their movements in both ledgers.
ALTER TABLE credit_movements DROP CONSTRAINT credit_movements_kind_check;
ALTER TABLE credit_movements ADD CONSTRAINT credit_movements_kind_check
  CHECK (kind IN ('purchase', 'adjustment', 'spend', 'hold', 'charge', 'release', 'removal', 'withdrawal', 'expiry',
                  'transfer_out', 'transfer_in', 'transfer_return', 'transfer_back'));

CREATE TABLE ai_credit_transfers (
  id               text PRIMARY KEY,
  from_user_id     uuid NOT NULL,
  to_user_id       uuid NOT NULL,
  assignment_id    text,
  credits          integer NOT NULL,
  reason           text NOT NULL,
  -- sent (out of the shop's ledger), received (in the collaborator's), returning (what was left
  -- given back by the collaborator), returned (back in the shop's ledger).
  status           text NOT NULL CHECK (status IN ('sent', 'received', 'returning', 'returned')),
  returned_credits integer,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE INDEX ai_credit_transfers_from ON ai_credit_transfers (from_user_id, created_at DESC);
CREATE INDEX ai_credit_transfers_to ON ai_credit_transfers (to_user_id, created_at DESC);
-- A transfer stopped halfway (a crash between the two ledgers), for the upkeep to finish.
CREATE INDEX ai_credit_transfers_halfway ON ai_credit_transfers (updated_at) WHERE status IN ('sent', 'returning');
