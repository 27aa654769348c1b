-- A person's consents (issue [21]): the last answer of each kind, with the text answered and when
-- (the log holds every answer). A kind without a row was never answered.
CREATE TABLE consents (
  user_id    uuid NOT NULL,
  kind       text NOT NULL,
  granted    boolean NOT NULL,
  text       text NOT NULL,
  source     text NOT NULL,
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind)
);
CREATE INDEX consents_granted ON consents (kind, user_id) WHERE granted;
