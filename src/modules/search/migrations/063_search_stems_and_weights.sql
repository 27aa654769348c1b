-- Search that finds what people mean (issue [17]).
--
-- 1. Typos on any form of a word: "lampadne" is one typo from «lampadine», which no product
--    writes, and two from «lampadina», which one does. Its stem ('lampadn') is one typo from the
--    catalogue's stem 'lampadin', so a query word whose stem the catalogue does not hold is also
--    corrected against the catalogue's stems, nearest first by trigrams
--    (src/modules/search/queries.ts nearestWordsOf); whether a stem is held at all is one lookup.
CREATE INDEX product_words_lexeme ON product_words (lexeme);
CREATE INDEX product_words_lexeme_trgm ON product_words USING gist (lexeme gist_trgm_ops);
CREATE INDEX store_words_lexeme ON store_words (lexeme);
CREATE INDEX store_words_lexeme_trgm ON store_words USING gist (lexeme gist_trgm_ops);

-- 2. Words that mean a category (`giocattoli`, `vino rosso`) find the products of that category:
--    the vocabulary asks for the category's stems with weight B, the weight products' words carry
--    for their category (migration 014 product_words()). The words near a point lost their
--    weights (every one read as D), so a search near a point could not ask for them; they now
--    keep them. A weight only narrows what a query asking for it matches: every other query
--    matches as before.
CREATE OR REPLACE FUNCTION near_words(words tsvector, lat double precision, lng double precision) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(string_agg(
           CASE WHEN u.positions IS NULL THEN quote_literal(c || ':' || u.lexeme)
                ELSE quote_literal(c || ':' || u.lexeme) || ':' || (
                  SELECT string_agg(p::text || CASE w WHEN 'D' THEN '' ELSE w END, ',' ORDER BY p)
                  FROM unnest(u.positions, u.weights) AS x (p, w)) END, ' '), '')::tsvector
         FROM unnest(words) u, unnest(tsvector_to_array(geo_cells(lat, lng))) c $$;

-- The stored words near a point, written again with their weights.
ALTER TABLE products ALTER COLUMN near_vector SET EXPRESSION AS (near_words(product_words(name, category, description), latitude, longitude));
