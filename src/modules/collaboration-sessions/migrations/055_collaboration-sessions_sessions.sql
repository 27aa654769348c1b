-- Collaboration sessions (issue [13], spec §3 collaboration_sessions): the read model of the
-- collaboration-session-<id> streams. `status` is as stored (pending, active, completed, expired,
-- cancelled, revoked): "ready" and an expiry not yet written are read from the times. `deadline`
-- is when the upkeep must look at it next (readiness, the activation window's end, the end's
-- grace), null once it is over; codes are never stored, only their versions.
CREATE TABLE collaboration_sessions (
  id                       uuid PRIMARY KEY,
  assignment_id            uuid,
  access_id                uuid,
  store_id                 uuid NOT NULL,
  store_name               text NOT NULL,
  store_address            text NOT NULL,
  store_latitude           double precision NOT NULL,
  store_longitude          double precision NOT NULL,
  shopkeeper_id            uuid NOT NULL,
  collaborator_id          uuid NOT NULL,
  collaborator_name        text NOT NULL,
  status                   text NOT NULL CHECK (status IN ('pending', 'active', 'completed', 'expired', 'cancelled', 'revoked')),
  security_level           text NOT NULL CHECK (security_level IN ('basic', 'standard', 'high')),
  permissions              text[] NOT NULL,
  scheduled_start_at       timestamptz NOT NULL,
  scheduled_end_at         timestamptz NOT NULL,
  ready_at                 timestamptz NOT NULL,
  activation_deadline      timestamptz NOT NULL,
  close_deadline           timestamptz NOT NULL,
  marked_ready             boolean NOT NULL DEFAULT false,
  deadline                 timestamptz,
  started_at               timestamptz,
  actual_end_at            timestamptz,
  awaiting_confirmation    boolean NOT NULL DEFAULT false,
  location_verified        boolean NOT NULL DEFAULT false,
  distance_m               integer,
  ip_address               text,
  user_agent               text,
  manually_revoked         boolean NOT NULL DEFAULT false,
  revoked_by               uuid,
  revoked_at               timestamptz,
  revoke_reason            text,
  cancel_reason            text,
  expired_reason           text CHECK (expired_reason IN ('not_activated', 'not_closed')),
  activation_code_version  integer NOT NULL,
  closure_code_version     integer NOT NULL,
  activation_tries         integer NOT NULL DEFAULT 0,
  closure_tries            integer NOT NULL DEFAULT 0,
  activation_burnt         boolean NOT NULL DEFAULT false,
  closure_burnt            boolean NOT NULL DEFAULT false,
  ai_credits_allocated     integer NOT NULL,
  -- null until sent at activation; settled at the end.
  ai_credits_sent          integer,
  ai_credits_used          integer NOT NULL DEFAULT 0,
  credits_settled          boolean NOT NULL DEFAULT false,
  created_at               timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL
);
CREATE INDEX collaboration_sessions_store ON collaboration_sessions (store_id, scheduled_start_at DESC);
CREATE INDEX collaboration_sessions_shopkeeper ON collaboration_sessions (shopkeeper_id, scheduled_start_at DESC);
CREATE INDEX collaboration_sessions_collaborator ON collaboration_sessions (collaborator_id, scheduled_start_at DESC);
CREATE INDEX collaboration_sessions_assignment ON collaboration_sessions (assignment_id) WHERE assignment_id IS NOT NULL;
CREATE INDEX collaboration_sessions_access ON collaboration_sessions (access_id) WHERE access_id IS NOT NULL;
-- A collaborator's active session (acting for a shop), found on every request they make for it.
CREATE INDEX collaboration_sessions_active ON collaboration_sessions (collaborator_id) WHERE status = 'active';
-- The upkeep: what is due, and the credits still to send or settle.
CREATE INDEX collaboration_sessions_deadline ON collaboration_sessions (deadline) WHERE deadline IS NOT NULL;
CREATE INDEX collaboration_sessions_credits ON collaboration_sessions (updated_at)
  WHERE ai_credits_allocated > 0 AND NOT credits_settled AND (status = 'active' OR status IN ('completed', 'expired', 'revoked'));

-- What a collaborator did for a shop in a session (aiActionsLog): every event whose metadata names
-- the session (onBehalfOf), as it was written; its Italian name and sentence are told when read.
CREATE TABLE collaboration_session_actions (
  event_id      uuid PRIMARY KEY,
  session_id    uuid NOT NULL,
  store_id      uuid NOT NULL,
  at            timestamptz NOT NULL,
  type          text NOT NULL,
  stream_id     text NOT NULL,
  data          jsonb NOT NULL,
  ai_credits    integer NOT NULL DEFAULT 0
);
CREATE INDEX collaboration_session_actions_session ON collaboration_session_actions (session_id, at);

-- Standing accesses (spec §3 store_collaborator_assignments): the read model of the
-- store-access-<id> streams. The code is never stored (codes.ts).
CREATE TABLE store_collaborator_assignments (
  id                  uuid PRIMARY KEY,
  store_id            uuid NOT NULL,
  store_name          text NOT NULL,
  shopkeeper_id       uuid NOT NULL,
  collaborator_id     uuid NOT NULL,
  collaborator_name   text NOT NULL,
  description         text NOT NULL,
  permissions         text[] NOT NULL,
  code_version        integer NOT NULL,
  is_active           boolean NOT NULL DEFAULT true,
  code_used           boolean NOT NULL DEFAULT false,
  code_used_at        timestamptz,
  expires_at          timestamptz NOT NULL,
  credits_allocated   integer NOT NULL,
  credits_reserved    integer NOT NULL DEFAULT 0,
  credits_released    integer NOT NULL DEFAULT 0,
  ended_at            timestamptz,
  end_reason          text,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL
);
CREATE INDEX store_collaborator_assignments_store ON store_collaborator_assignments (store_id, created_at DESC);
CREATE INDEX store_collaborator_assignments_collaborator ON store_collaborator_assignments (collaborator_id, created_at DESC);
