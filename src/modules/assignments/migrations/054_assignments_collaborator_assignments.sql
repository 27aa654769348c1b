-- The agreements between a shop and a collaborator (issue [13], spec §3 collaborator_assignments):
-- the read model of the assignment-<id> streams. Money in cents: payment_amount_cents is what the
-- shop pays, compensation_cents what the collaborator earns (the payment less the site's
-- commission), credited when the assignment completes; payment_status pending → paid (payout).
CREATE TABLE collaborator_assignments (
  id                    uuid PRIMARY KEY,
  origin                text NOT NULL CHECK (origin IN ('unlock', 'direct')),
  store_id              uuid NOT NULL,
  store_name            text NOT NULL,
  shopkeeper_user_id    uuid NOT NULL,
  collaborator_user_id  uuid NOT NULL,
  collaborator_name     text NOT NULL,
  request_id            uuid,
  unlock_id             uuid UNIQUE,
  package_id            uuid,
  description           text NOT NULL,
  priority              text NOT NULL CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
  status                text NOT NULL CHECK (status IN ('pending', 'accepted', 'in_progress', 'completed', 'cancelled', 'rejected')),
  payment_amount_cents  integer NOT NULL,
  compensation_cents    integer NOT NULL,
  site_commission_cents integer NOT NULL,
  payment_status        text NOT NULL CHECK (payment_status IN ('pending', 'paid', 'cancelled', 'refunded')),
  credits_earned        integer NOT NULL DEFAULT 0,
  credits_used          integer NOT NULL DEFAULT 0,
  permissions           text[] NOT NULL,
  due_date              timestamptz,
  assigned_at           timestamptz NOT NULL,
  accepted_at           timestamptz,
  started_at            timestamptz,
  completed_at          timestamptz,
  closed_at             timestamptz,
  rejection_reason      text,
  cancel_reason         text,
  has_problems          boolean NOT NULL DEFAULT false,
  problem_description   text,
  paid_at               timestamptz,
  -- Filled by [14]'s reviews.
  shopkeeper_rating     numeric(2, 1),
  shopkeeper_review     text,
  collaborator_rating   numeric(2, 1),
  collaborator_review   text,
  updated_at            timestamptz NOT NULL
);
CREATE INDEX collaborator_assignments_store ON collaborator_assignments (store_id, assigned_at DESC);
CREATE INDEX collaborator_assignments_shopkeeper ON collaborator_assignments (shopkeeper_user_id, assigned_at DESC);
CREATE INDEX collaborator_assignments_collaborator ON collaborator_assignments (collaborator_user_id, assigned_at DESC);
-- Earnings: a collaborator's completed assignments by month.
CREATE INDEX collaborator_assignments_earned ON collaborator_assignments (collaborator_user_id, completed_at) WHERE status = 'completed';
