-- How the admin paid an assignment's compensation (issue [20]): by a transfer to the collaborator's
-- connected account (its provider and the provider's id of the transfer), or by hand (both null).
ALTER TABLE collaborator_assignments ADD COLUMN payout_provider text;
ALTER TABLE collaborator_assignments ADD COLUMN payout_transfer_id text;
