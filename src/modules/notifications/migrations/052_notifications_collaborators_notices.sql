-- Collaborators' and shopkeepers' notices about collaboration requests and unlocks (spec §3
-- collaborator_notifications, issue [12]): one row per recipient user, from the request and unlock
-- events (src/modules/collaborator-notifications/projection.ts).
CREATE TABLE collaborator_notifications (
  id                 uuid PRIMARY KEY,
  -- Who reads it: the collaborator or the shopkeeper it is for.
  user_id            uuid NOT NULL,
  shopkeeper_id      uuid NOT NULL,
  -- Null on a shopkeeper's notice about a request no collaborator has taken yet.
  collaborator_id    uuid,
  store_id           uuid NOT NULL,
  request_id         uuid NOT NULL,
  notification_type  text NOT NULL CHECK (notification_type IN ('collaborator_available', 'request_accepted', 'session_ready', 'session_starting',
                       'new_request', 'request_declined', 'request_expired', 'request_cancelled')),
  title              text NOT NULL,
  message            text NOT NULL,
  is_read            boolean NOT NULL DEFAULT false,
  action_url         text,
  priority           text NOT NULL CHECK (priority IN ('low', 'normal', 'high')),
  expires_at         timestamptz,
  -- An invitation to a request (new_request) still open to this collaborator: the one told when the
  -- shop cancels or the request expires; closed when another accepts, they decline or their offer lapses.
  invitation_open    boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL
);
-- The recipient's list, newest first, and their unread count.
CREATE INDEX collaborator_notifications_user ON collaborator_notifications (user_id, created_at DESC);
-- A request's open invitations, closed when another accepts it, it is cancelled or it expires.
CREATE INDEX collaborator_notifications_open ON collaborator_notifications (request_id) WHERE invitation_open;

-- The projection's own memory of each request: what the later events, which carry only the change, are about.
CREATE TABLE collaborator_notification_requests (
  request_id         uuid PRIMARY KEY,
  unlock_id          uuid,
  shopkeeper_id      uuid NOT NULL,
  store_id           uuid NOT NULL,
  store_name         text NOT NULL,
  request_type       text NOT NULL,
  urgency_level      text NOT NULL,
  response_deadline  timestamptz,
  message            text NOT NULL,
  estimated_duration integer NOT NULL,
  max_budget_cents   bigint NOT NULL,
  -- The collaborator who accepted it.
  collaborator_id    uuid,
  collaborator_name  text
);
CREATE INDEX collaborator_notification_requests_unlock ON collaborator_notification_requests (unlock_id);

-- The projection's own copy of what makes a collaborator offered to a shop (the collaborator-<userId>
-- events): a waiting request reaches those offered when it is created, in the log's order, the same
-- on a rebuild.
CREATE TABLE collaborator_notification_coverage (
  user_id          uuid PRIMARY KEY,
  latitude         double precision NOT NULL,
  longitude        double precision NOT NULL,
  radius_km        double precision NOT NULL,
  services         text[] NOT NULL,
  is_available     boolean NOT NULL,
  status           text NOT NULL,
  approval_status  text NOT NULL
);
CREATE INDEX collaborator_notification_coverage_offered ON collaborator_notification_coverage (latitude, longitude)
  WHERE approval_status = 'approved' AND status = 'active' AND is_available;
