-- The search vocabulary's read model (issue [17], src/modules/search/vocabulary): what the admins
-- changed of the base vocabulary, which the project keeps as data (vocabulary.it.ts), and the
-- entries they added. A row is an admin's own entry (base_key NULL) or a built-in entry as the
-- admins changed it (removed: switched off); a built-in entry without a row is as the file writes
-- it. The search reads the file and these rows merged (lookup.ts), reloaded when the rows change.
CREATE TABLE search_vocabulary (
  id          uuid PRIMARY KEY,
  base_key    text,
  term        text NOT NULL,
  synonyms    text[] NOT NULL DEFAULT '{}',
  narrower    text[] NOT NULL DEFAULT '{}',
  categories  text[] NOT NULL DEFAULT '{}',
  removed     boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
