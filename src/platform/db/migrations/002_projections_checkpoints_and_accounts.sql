-- Where each projection stands (design §1): its code version, last applied position, last error.
CREATE TABLE projection_checkpoints (
  name          text PRIMARY KEY,
  version       int NOT NULL,
  position      text NOT NULL,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  last_error    text,
  last_error_at timestamptz
);

-- Read model of the users projection.
CREATE TABLE users (
  id              uuid PRIMARY KEY,
  username        text NOT NULL,
  name            text NOT NULL,
  email           text NOT NULL,
  role            text NOT NULL,
  status          text NOT NULL,
  password_hash   text NOT NULL,
  session_version int NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_role_created ON users (role, created_at);

-- Read model of the site-settings projection: the stored fields over the defaults in code.
CREATE TABLE site_settings (
  id       int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  settings jsonb NOT NULL
);

-- Login sessions and throttling are infrastructure, not business facts: plain tables.
CREATE TABLE auth_sessions (
  id           uuid PRIMARY KEY,
  user_id      uuid NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ip           text,
  user_agent   text
);
CREATE INDEX auth_sessions_user ON auth_sessions (user_id);

CREATE TABLE login_failures (
  id       bigserial PRIMARY KEY,
  ip       text NOT NULL,
  username text NOT NULL,
  at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_ip_at ON login_failures (ip, at);
CREATE INDEX login_failures_pair_at ON login_failures (ip, username, at);
