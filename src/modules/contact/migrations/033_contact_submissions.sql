-- Contact (src/modules/contact): the visitors' messages as the admin's inbox reads them, and the
-- sends the spam throttle counts (not a read model: kept by the throttle itself, like
-- login_failures).

CREATE TABLE contact_submissions (
  id                  uuid PRIMARY KEY,
  name                text NOT NULL,
  email               text NOT NULL,
  subject             text NOT NULL,
  message             text NOT NULL,
  phone               text,
  company             text,
  status              text NOT NULL CHECK (status IN ('new', 'read', 'replied', 'closed')),
  admin_notes         text,
  reply_message       text,
  replied_at          timestamptz,
  replied_by_user_id  uuid,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL,
  -- The inbox's word search (admin-rest.ts searchText, as migration 022).
  admin_text          text GENERATED ALWAYS AS (f_unaccent(name || ' ' || email || ' ' || subject || ' ' || coalesce(company, ''))) STORED
);
CREATE INDEX contact_submissions_status ON contact_submissions (status, created_at DESC);
CREATE INDEX contact_submissions_admin_text ON contact_submissions USING gin (admin_text gin_trgm_ops) WITH (fastupdate = off);

CREATE TABLE contact_sends (
  email text NOT NULL,
  ip    text NOT NULL,
  at    timestamptz NOT NULL
);
CREATE INDEX contact_sends_email ON contact_sends (email, at);
CREATE INDEX contact_sends_ip ON contact_sends (ip, at);
