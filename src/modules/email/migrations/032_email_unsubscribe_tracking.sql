-- E-mail (src/modules/email): who unsubscribed from the marketing mails, each mail's template type
-- (which mails an unsubscription stops), and one "opened" per mail in the log.

-- Filled when the mail is queued; older mails are taken as not marketing, so they stay sent.
ALTER TABLE email_queue ADD COLUMN template_type text;

-- Not a read model: an address (lower case) that asked for no more marketing mails, through the
-- signed link of one of them. No account needed, so it is kept by address.
CREATE TABLE email_unsubscribes (
  email      text PRIMARY KEY,
  created_at timestamptz NOT NULL
);

-- A mail is opened once: the pixel loaded again (a client, an image proxy) adds nothing.
CREATE UNIQUE INDEX email_logs_opened_once ON email_logs (email_id) WHERE status = 'opened';
