-- Words near a point, found by one index. A common word ("vino") matches thousands of products
-- across Italy, and finding them all before keeping those within the radius cost 250 ms (npm run
-- bench:search, never-cached searches). Each product now also carries its grid cells as search
-- words, so the full-text index itself intersects "the words" with "the cells around the point"
-- (src/platform/http/geo.ts cellQuery builds that part of the query and must match geo_cells exactly).
CREATE FUNCTION geo_cells(lat double precision, lng double precision) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT array_to_tsvector(ARRAY[
    'geod' || floor(lat * 10)::bigint::text || '_' || floor(lng * 10)::bigint::text,
    'geou' || floor(lat)::bigint::text || '_' || floor(lng)::bigint::text
  ]) $$;

DROP INDEX products_search;
ALTER TABLE products DROP COLUMN search_vector;
ALTER TABLE products ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('italian_unaccent'::regconfig, name), 'A') ||
  setweight(to_tsvector('italian_unaccent'::regconfig, coalesce(category, '')), 'B') ||
  setweight(to_tsvector('italian_unaccent'::regconfig, description), 'C') ||
  geo_cells(latitude, longitude)
) STORED;
CREATE INDEX products_search ON products USING gin (search_vector) WHERE status = 'active' AND NOT is_deleted AND store_active;
