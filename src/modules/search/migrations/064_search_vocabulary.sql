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

-- The base vocabulary as the running code's file writes it, for the back office's list of every
-- entry: written again by each app process as it starts (vocabulary/base-entries.ts), so that it
-- always matches the file. The search itself reads the file.
CREATE TABLE search_vocabulary_base (
  id          uuid PRIMARY KEY,
  key         text NOT NULL UNIQUE,
  term        text NOT NULL,
  synonyms    text[] NOT NULL,
  narrower    text[] NOT NULL,
  categories  text[] NOT NULL
);

-- Every entry as the back office lists it: a built-in one as the file or the admins' change
-- writes it (origin 'base' or 'changed'; active false when switched off), an admin's own
-- ('admin'). A row whose built-in entry left the file is no entry any more.
CREATE VIEW search_vocabulary_entries AS
SELECT e.*, f_unaccent(lower(concat_ws(' ', e.term, array_to_string(e.synonyms, ' '), array_to_string(e.narrower, ' ')))) AS admin_text
FROM (
  SELECT coalesce(a.id, b.id) AS id,
         b.key AS base_key,
         CASE WHEN a.id IS NULL OR (b.id IS NOT NULL AND a.removed) THEN b.term ELSE a.term END AS term,
         CASE WHEN a.id IS NULL OR (b.id IS NOT NULL AND a.removed) THEN b.synonyms ELSE a.synonyms END AS synonyms,
         CASE WHEN a.id IS NULL OR (b.id IS NOT NULL AND a.removed) THEN b.narrower ELSE a.narrower END AS narrower,
         CASE WHEN a.id IS NULL OR (b.id IS NOT NULL AND a.removed) THEN b.categories ELSE a.categories END AS categories,
         CASE WHEN b.id IS NULL THEN 'admin' WHEN a.id IS NULL OR a.removed THEN 'base' ELSE 'changed' END AS origin,
         NOT coalesce(a.removed, false) AS active,
         a.updated_at
  FROM search_vocabulary_base b
  FULL JOIN search_vocabulary a ON a.id = b.id
  WHERE b.id IS NOT NULL OR a.base_key IS NULL
) e;
