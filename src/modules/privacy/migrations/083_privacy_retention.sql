-- The retention of personal data (issue [21]): when each rule of privacy/retention.ts last ran and
-- what it removed (the admin's «Conservazione dei dati»), and the indexes its hourly runs read by
-- age, each only over the rows still holding what a rule removes.
CREATE TABLE retention_runs (
  rule       text PRIMARY KEY,
  ran_at     timestamptz NOT NULL,
  removed    integer NOT NULL,
  removed_in_all bigint NOT NULL DEFAULT 0
);
CREATE INDEX auth_sessions_last_seen ON auth_sessions (last_seen_at);
CREATE INDEX login_failures_at ON login_failures (at);
CREATE INDEX contact_sends_at ON contact_sends (at);
CREATE INDEX contact_submissions_updated ON contact_submissions (updated_at);
CREATE INDEX email_logs_network_kept ON email_logs (created_at) WHERE ip_address IS NOT NULL OR user_agent IS NOT NULL OR clicked_links IS NOT NULL;
CREATE INDEX email_queue_content_kept ON email_queue ((coalesce(sent_at, created_at))) WHERE html_content <> '' AND status IN ('sent', 'failed', 'cancelled');
CREATE INDEX collaboration_sessions_network_kept ON collaboration_sessions ((coalesce(actual_end_at, updated_at)))
  WHERE (ip_address IS NOT NULL OR user_agent IS NOT NULL) AND status IN ('completed', 'revoked', 'cancelled', 'expired');
CREATE INDEX push_outbox_sent ON push_outbox (sent_at) WHERE sent_at IS NOT NULL;
