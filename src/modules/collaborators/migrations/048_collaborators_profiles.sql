-- Collaborators' profiles and their approval (issue [12]): the read model of the collaborator-<userId>
-- streams. rating and credits_earned keep their defaults until the reviews and the sessions move them.
CREATE TABLE collaborators (
  user_id                 uuid PRIMARY KEY,
  address                 text NOT NULL,
  latitude                double precision NOT NULL,
  longitude               double precision NOT NULL,
  radius_km               double precision NOT NULL,
  services                text[] NOT NULL,
  is_available            boolean NOT NULL,
  availability            text NOT NULL,
  bio                     text NOT NULL,
  status                  text NOT NULL CHECK (status IN ('active', 'inactive')),
  approval_status         text NOT NULL CHECK (approval_status IN ('pending', 'approved', 'rejected', 'suspended')),
  can_activate_sessions   boolean NOT NULL DEFAULT false,
  approved_at             timestamptz,
  -- The admin's latest reason to reject or suspend, which the collaborator reads; cleared when approved again.
  decision_reason         text,
  rating                  numeric(3, 2) NOT NULL DEFAULT 5,
  credits_earned          integer NOT NULL DEFAULT 0,
  created_at              timestamptz NOT NULL,
  updated_at              timestamptz NOT NULL
);
-- "Who covers this point": only the collaborators offered to shops, by latitude band then longitude;
-- the query narrows to the box of the widest radius (100 km) and then checks each one's own circle.
CREATE INDEX collaborators_offered ON collaborators (latitude, longitude)
  WHERE approval_status = 'approved' AND status = 'active' AND is_available;
-- The admin's list: pending first, oldest first.
CREATE INDEX collaborators_approval ON collaborators (approval_status, created_at);
