-- Personal data in the log is encrypted with a key per person (issue [21], crypto-shredding:
-- platform/eventstore/personal-data.ts). The keys live here, outside the log: erasing a person sets
-- their key to NULL and notes when, so what the log holds of them can no longer be read, and no
-- new key is ever made for them (their later events are stored already erased).
CREATE TABLE personal_data_keys (
  subject_id text PRIMARY KEY CHECK (char_length(subject_id) <= 200),
  key        bytea CHECK (key IS NULL OR octet_length(key) = 32),
  created_at timestamptz NOT NULL DEFAULT now(),
  erased_at  timestamptz,
  CHECK ((key IS NULL) = (erased_at IS NOT NULL))
);

-- Which declarations of personal data the log's events were sealed by, per event type: events
-- stored before a field was declared personal are sealed once at start (`sealStoredEvents`).
CREATE TABLE personal_data_sealed (
  event_type text PRIMARY KEY,
  signature  text NOT NULL,
  sealed_at  timestamptz NOT NULL DEFAULT now()
);
