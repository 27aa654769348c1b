-- Four costs found by EXPLAIN on the 200,000-product data (npm run bench:search, never cached).
--
-- 1. earthdistance's earth_distance(ll_to_earth(…), ll_to_earth(…)) is three function calls and a
--    cube per row, about 8 µs each: most of a nearby-shops query. distance_km() is the same
--    great-circle distance (haversine, on earthdistance's own radius, 6378.168 km) as one SQL
--    expression the planner inlines.
CREATE FUNCTION distance_km(lat1 double precision, lng1 double precision, lat2 double precision, lng2 double precision)
  RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT 2 * 6378.168 * asin(least(1, sqrt(
    power(sin(radians(lat2 - lat1) / 2), 2) + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lng2 - lng1) / 2), 2)
  ))) $$;

-- 2. "A word AND one of the cells around the point" (migration 007) made the full-text index read
--    the whole list of the word across Italy and of every cell (thousands of products each): 2 to
--    6 ms for a common word in Milan, whatever the few hundred it found. Each product now also
--    carries its words prefixed by its two grid cells ("geod454_91:pomodor", positions kept, so
--    phrases still work), and a search asks for exactly those: the index reads only the products
--    that have the word in those cells. near_query() rewrites the customer's words that way:
--    'pomodor' <-> 'pel' becomes ('c1:pomodor' | 'c2:pomodor' …) <-> ('c1:pel' | 'c2:pel' …),
--    which a product of those cells matches exactly when it matches the words.
--    src/platform/http/geo.ts cellsAround() names the cells as geo_cells() does.
CREATE FUNCTION product_words(name text, category text, description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('italian_unaccent'::regconfig, name), 'A') ||
               setweight(to_tsvector('italian_unaccent'::regconfig, coalesce(category, '')), 'B') ||
               setweight(to_tsvector('italian_unaccent'::regconfig, coalesce(description, '')), 'C') $$;

CREATE FUNCTION near_words(words tsvector, lat double precision, lng double precision) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(string_agg(
           CASE WHEN u.positions IS NULL THEN quote_literal(c || ':' || u.lexeme)
                ELSE quote_literal(c || ':' || u.lexeme) || ':' || array_to_string(u.positions, ',') END, ' '), '')::tsvector
         FROM unnest(words) u, unnest(tsvector_to_array(geo_cells(lat, lng))) c $$;

CREATE FUNCTION near_query(words tsquery, cells text[]) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(words::text, $re$'((?:[^']|'')*)'(:[*A-D]+)?$re$,
           '(' || (SELECT string_agg('''' || c || ':\1''\2', ' | ') FROM unnest(cells) c) || ')', 'g')::tsquery $$;

DROP INDEX products_search;
ALTER TABLE products DROP COLUMN search_vector;
ALTER TABLE products
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (product_words(name, category, description)) STORED,
  ADD COLUMN near_vector tsvector GENERATED ALWAYS AS (near_words(product_words(name, category, description), latitude, longitude)) STORED;

-- 3. A GIN index with fastupdate keeps new entries in an unsorted pending list (up to 4 MB) that
--    every search reads whole: after the catalogue grew by 11,000 products, a word search spent
--    23 ms there instead of 2 ms. Searches matter more than the cost of each product write.
CREATE INDEX products_search ON products USING gin (search_vector) WITH (fastupdate = off)
  WHERE status = 'active' AND NOT is_deleted AND store_active;
CREATE INDEX products_near ON products USING gin (near_vector) WITH (fastupdate = off)
  WHERE status = 'active' AND NOT is_deleted AND store_active;
ALTER INDEX products_name_trgm SET (fastupdate = off);
ALTER INDEX products_admin_search SET (fastupdate = off);
SELECT gin_clean_pending_list('products_name_trgm'::regclass), gin_clean_pending_list('products_admin_search'::regclass);

-- 4. Nearby shops read every shop of the box from the table, one page each (a city's 700 shops:
--    525 pages), to keep the nearest 200. The position index now carries what choosing them needs,
--    so they are chosen from the index alone and only the 200 are read.
DROP INDEX stores_position;
CREATE INDEX stores_position ON stores (latitude, longitude) INCLUDE (id, category) WHERE status = 'active';
