-- The unlocks of a collaboration package (issue [12]): the read model of the package-unlock-<id>
-- streams, one per collaboration request.
CREATE TABLE package_unlocks (
  id                   uuid PRIMARY KEY,
  request_id           uuid NOT NULL,
  shopkeeper_id        uuid NOT NULL,
  store_id             uuid NOT NULL,
  package_id           uuid NOT NULL,
  collaborator_id      uuid,
  unlock_status        text NOT NULL CHECK (unlock_status IN ('locked', 'unlocked_collaborator', 'unlocked_admin', 'purchased')),
  unlocked_by          text CHECK (unlocked_by IN ('collaborator_accepted', 'admin_override')),
  admin_user_id        uuid,
  unlock_reason        text,
  special_conditions   text,
  free_of_charge       boolean NOT NULL DEFAULT false,
  unlocked_at          timestamptz,
  purchase_deadline    timestamptz,
  purchased_at         timestamptz,
  payment_id           uuid,
  amount_cents         integer,
  lapsed               boolean NOT NULL DEFAULT false,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX package_unlocks_shopkeeper ON package_unlocks (shopkeeper_id, created_at DESC);
CREATE INDEX package_unlocks_collaborator ON package_unlocks (collaborator_id, created_at DESC) WHERE collaborator_id IS NOT NULL;
CREATE UNIQUE INDEX package_unlocks_request ON package_unlocks (request_id);
-- The upkeep: unlocked and not bought, by the purchase deadline.
CREATE INDEX package_unlocks_due ON package_unlocks (purchase_deadline)
  WHERE purchased_at IS NULL AND NOT lapsed AND purchase_deadline IS NOT NULL;
