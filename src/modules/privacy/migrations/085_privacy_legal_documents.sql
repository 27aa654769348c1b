-- The privacy policy and the terms (issue [21]): every version the admin published, the last one in
-- force; a person's acceptance at registration names the versions (consents' log).
CREATE TABLE legal_documents (
  kind         text NOT NULL,
  version      integer NOT NULL,
  body         text NOT NULL,
  note         text NOT NULL,
  published_at timestamptz NOT NULL,
  PRIMARY KEY (kind, version)
);
