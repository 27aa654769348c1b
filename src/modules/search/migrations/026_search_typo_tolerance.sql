-- Typo tolerance as people know it from search engines (one typo from 5 letters, two from 9, on
-- every word): the trigram similarity of the whole query to a product's name (migrations 005-006)
-- forgave one typo in a one-word query and nothing else ("mozarella bufala", "pomodri" found
-- nothing). Each word of the query is now corrected on its own against the words the catalogue
-- holds, and the full-text search looks for the word or its corrections (src/modules/search/search-words.ts);
-- the nearby shops' words likewise.

-- The words of a text as the search compares them: accent-folded, lower case, letters only, each
-- with its Italian stem (what the full-text index holds for it); stop words have none and are left
-- out, as the full-text search leaves them out. Same parser as italian_unaccent, so the same words.
CREATE FUNCTION search_words_of(t text) RETURNS TABLE (word text, lexeme text)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT w, l
        FROM unnest(tsvector_to_array(to_tsvector('simple', f_unaccent(lower(t))))) w,
             LATERAL (SELECT (ts_lexize('italian_stem', w))[1] AS l) s
        WHERE w ~ '^[[:alpha:]]{4,}$' AND l IS NOT NULL $$;

-- Every word of the catalogue's products (name, category, description) with its stem: the
-- dictionary a query's words are corrected against, through its trigram index (nearest first).
-- Words are only added: one no product holds any more corrects to a stem that matches nothing.
CREATE TABLE product_words (
  word   text PRIMARY KEY,
  lexeme text NOT NULL
);
INSERT INTO product_words (word, lexeme)
SELECT DISTINCT ON (w.word) w.word, w.lexeme
FROM products p, search_words_of(p.name || ' ' || coalesce(p.category, '') || ' ' || p.description) w
ORDER BY w.word;
CREATE INDEX product_words_trgm ON product_words USING gist (word gist_trgm_ops);

-- The same for the shops' names and descriptions, which the nearby-shops search reads.
CREATE TABLE store_words (
  word   text PRIMARY KEY,
  lexeme text NOT NULL
);
INSERT INTO store_words (word, lexeme)
SELECT DISTINCT ON (w.word) w.word, w.lexeme
FROM stores s, search_words_of(s.name || ' ' || s.description) w
ORDER BY w.word;
CREATE INDEX store_words_trgm ON store_words USING gist (word gist_trgm_ops);

-- The name's trigrams served only the old one-word typo search.
DROP INDEX products_name_trgm;
ALTER TABLE products DROP COLUMN name_key;
DO $$ BEGIN
  EXECUTE format('ALTER DATABASE %I RESET pg_trgm.word_similarity_threshold', current_database());
END $$;
