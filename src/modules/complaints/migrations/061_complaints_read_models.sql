-- Complaints on collaboration sessions and customers' disputes on orders (issue [14], spec §3
-- collaboration_complaints, §4 complaint states): the read models of the complaint-<id> streams.
-- complaints: one row per case, with the time it is next due (due_at: the admin's first response,
-- the decision, the other party's answer) for the admins' list sorted by what is due first.
CREATE TABLE complaints (
  id                     uuid PRIMARY KEY,
  kind                   text NOT NULL CHECK (kind IN ('complaint', 'dispute')),
  session_id             uuid,
  assignment_id          uuid,
  order_id               uuid,
  store_id               uuid NOT NULL,
  store_name             text NOT NULL,
  complainant_id         uuid NOT NULL,
  complainant_type       text NOT NULL,
  complainant_name       text NOT NULL,
  respondent_id          uuid NOT NULL,
  respondent_type        text NOT NULL,
  respondent_name        text NOT NULL,
  complaint_type         text NOT NULL,
  title                  text NOT NULL,
  description            text NOT NULL,
  severity               text NOT NULL,
  urgency                text NOT NULL,
  urgency_rank           smallint NOT NULL,
  witness_contacts       jsonb NOT NULL DEFAULT '[]',
  status                 text NOT NULL CHECK (status IN ('submitted', 'under_review', 'investigating', 'resolved', 'rejected', 'appealed')),
  round                  smallint NOT NULL DEFAULT 1,
  assigned_admin_id      uuid,
  review_started_at      timestamptz,
  first_response_due_at  timestamptz NOT NULL,
  first_response_at      timestamptz,
  first_response_late    boolean NOT NULL DEFAULT false,
  respondent_asked_at    timestamptz,
  respondent_answer_by   timestamptz,
  respondent_answered_at timestamptz,
  admin_response         text,
  resolution_action      text,
  rejection_reason       text,
  appeal_reason          text,
  compensation_method    text,
  compensation_cents     integer NOT NULL DEFAULT 0,
  compensation_credits   integer NOT NULL DEFAULT 0,
  compensation_status    text NOT NULL DEFAULT 'none' CHECK (compensation_status IN ('none', 'pending', 'approved', 'paid')),
  compensation_reference text,
  payment_id             uuid,
  submitted_at           timestamptz NOT NULL,
  decided_at             timestamptz,
  resolved_at            timestamptz,
  appeal_by              timestamptz,
  appealed_at            timestamptz,
  due_at                 timestamptz,
  evidence_count         integer NOT NULL DEFAULT 0,
  events_count           integer NOT NULL DEFAULT 0,
  updated_at             timestamptz NOT NULL
);
-- The admins' list: by what is due first, filtered by status (the benchmark's 50,000 cases).
CREATE INDEX complaints_due ON complaints (due_at, id);
CREATE INDEX complaints_status_due ON complaints (status, due_at, id);
CREATE INDEX complaints_submitted ON complaints (submitted_at DESC, id);
CREATE INDEX complaints_complainant ON complaints (complainant_id, submitted_at DESC);
CREATE INDEX complaints_respondent ON complaints (respondent_id, submitted_at DESC);
CREATE INDEX complaints_session ON complaints (session_id) WHERE session_id IS NOT NULL;
CREATE INDEX complaints_order ON complaints (order_id) WHERE order_id IS NOT NULL;

-- The case's story: every event, who did it, when; for_parties false for the admins' internal notes.
CREATE TABLE complaint_timeline (
  case_id     uuid NOT NULL,
  revision    integer NOT NULL,
  type        text NOT NULL,
  actor_id    uuid,
  actor_role  text,
  at          timestamptz NOT NULL,
  data        jsonb NOT NULL,
  for_parties boolean NOT NULL,
  PRIMARY KEY (case_id, revision)
);

-- Evidence files: kept out of the public uploads, served only to the case's parties and admins.
CREATE TABLE complaint_evidence (
  id           uuid PRIMARY KEY,
  case_id      uuid NOT NULL,
  added_by     uuid NOT NULL,
  added_by_role text NOT NULL,
  name         text NOT NULL,
  content_type text NOT NULL,
  size_bytes   integer NOT NULL,
  sha256       text NOT NULL,
  added_at     timestamptz NOT NULL
);
CREATE INDEX complaint_evidence_case ON complaint_evidence (case_id, added_at);

-- The evidence files' bytes, written by the command before its event (not a read model: a rebuild
-- leaves it alone). In the database, every app process serves them and backups hold them.
CREATE TABLE complaint_files (
  id           uuid PRIMARY KEY,
  case_id      uuid NOT NULL,
  content_type text NOT NULL,
  size_bytes   integer NOT NULL,
  sha256       text NOT NULL,
  body         bytea NOT NULL,
  stored_at    timestamptz NOT NULL DEFAULT now()
);
