-- Shops' requests for a collaborator's help (issue [12]): the read model of the
-- collaboration-request-<id> streams. `deadline` is the response deadline while the request is
-- open (waiting or pending), null once it is closed; `offered_until` the end of an auto_match
-- offer's window while it runs: the upkeep reads both through their partial indexes. The shop's
-- point and city are read from `stores` when asked.
CREATE TABLE collaboration_requests (
  id                   uuid PRIMARY KEY,
  shopkeeper_id        uuid NOT NULL,
  store_id             uuid NOT NULL,
  store_name           text NOT NULL,
  request_type         text NOT NULL CHECK (request_type IN ('direct', 'waiting', 'auto_match')),
  status               text NOT NULL CHECK (status IN ('waiting', 'pending', 'accepted', 'rejected', 'expired', 'cancelled', 'completed')),
  -- direct: the one asked; auto_match: the current offer; accepted: who accepted.
  collaborator_id      uuid,
  collaborator_name    text,
  -- Every collaborator an auto_match request was offered to, and those who declined it.
  offered_to           uuid[] NOT NULL DEFAULT '{}',
  declined_by          uuid[] NOT NULL DEFAULT '{}',
  message              text NOT NULL,
  estimated_duration   integer NOT NULL,
  urgency_level        text NOT NULL CHECK (urgency_level IN ('low', 'normal', 'high', 'urgent')),
  max_budget_cents     integer NOT NULL,
  required_services    text[] NOT NULL,
  response_deadline    timestamptz NOT NULL,
  deadline             timestamptz,
  offered_until        timestamptz,
  accepted_at          timestamptz,
  rejected_at          timestamptz,
  rejection_reason     text,
  closed_at            timestamptz,
  expired_reason       text CHECK (expired_reason IN ('deadline', 'no_match', 'not_purchased')),
  cancel_reason        text,
  unlock_id            uuid NOT NULL,
  package_id           uuid NOT NULL,
  purchase_deadline    timestamptz,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL
);
CREATE INDEX collaboration_requests_shop ON collaboration_requests (shopkeeper_id, created_at DESC);
CREATE INDEX collaboration_requests_collaborator ON collaboration_requests (collaborator_id, created_at DESC) WHERE collaborator_id IS NOT NULL;
CREATE INDEX collaboration_requests_declined ON collaboration_requests USING gin (declined_by);
-- The open waiting requests and those taken lately, for the collaborators who cover them.
CREATE INDEX collaboration_requests_waiting ON collaboration_requests (created_at DESC) WHERE request_type = 'waiting';
-- The upkeep: open requests by their deadline, auto_match offers by the end of their window.
CREATE INDEX collaboration_requests_deadline ON collaboration_requests (deadline) WHERE deadline IS NOT NULL;
CREATE INDEX collaboration_requests_offered_until ON collaboration_requests (offered_until) WHERE offered_until IS NOT NULL;
