-- E-mail (src/modules/email): the admin's settings and templates as read models, and the queue
-- and its log, which the sender works on (claimed with FOR UPDATE SKIP LOCKED).

CREATE TABLE email_settings (
  id       int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  settings jsonb NOT NULL
);

CREATE TABLE email_templates (
  id            uuid PRIMARY KEY,
  name          text NOT NULL UNIQUE,
  subject       text NOT NULL,
  html_content  text NOT NULL,
  text_content  text NOT NULL,
  is_active     boolean NOT NULL,
  template_type text NOT NULL,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);

-- Not a read model: the outbox of mails. A row per (event, template), so an event's mail is
-- queued once however often the trigger sees the event.
CREATE TABLE email_queue (
  id              uuid PRIMARY KEY,
  source_event_id uuid,
  template_name   text,
  message_id      text NOT NULL UNIQUE,
  to_email        text NOT NULL,
  to_name         text,
  subject         text NOT NULL,
  html_content    text NOT NULL,
  text_content    text NOT NULL,
  template_id     uuid,
  template_data   jsonb NOT NULL DEFAULT '{}',
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'cancelled')),
  priority        int NOT NULL DEFAULT 5 CHECK (priority BETWEEN 1 AND 10),
  scheduled_at    timestamptz NOT NULL,
  -- When the next attempt may start: scheduled_at, then each retry's backoff.
  next_attempt_at timestamptz NOT NULL,
  claimed_at      timestamptz,
  sent_at         timestamptz,
  failure_reason  text,
  retry_count     int NOT NULL DEFAULT 0,
  max_retries     int NOT NULL DEFAULT 3,
  user_id         uuid,
  store_id        uuid,
  created_at      timestamptz NOT NULL,
  UNIQUE (source_event_id, template_name)
);
CREATE INDEX email_queue_due ON email_queue (priority, next_attempt_at) WHERE status = 'pending';
CREATE INDEX email_queue_sent ON email_queue (sent_at) WHERE status IN ('sent', 'sending');
CREATE INDEX email_queue_status ON email_queue (status, created_at);

CREATE TABLE email_logs (
  id             uuid PRIMARY KEY,
  email_id       uuid NOT NULL REFERENCES email_queue (id),
  status         text NOT NULL,
  status_details text,
  user_agent     text,
  ip_address     text,
  clicked_links  jsonb,
  created_at     timestamptz NOT NULL
);
CREATE INDEX email_logs_email ON email_logs (email_id, created_at);
