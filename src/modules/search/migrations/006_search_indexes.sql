-- Search plans (measured with npm run bench:search): the planner misjudged how many products an
-- earth_box holds and filtered thousands of rows by text; with a plain latitude/longitude box it
-- sees real statistics and starts from the text indexes. The accent-folded name is stored once
-- instead of computed for every row of every search.
ALTER TABLE products ADD COLUMN name_key text GENERATED ALWAYS AS (f_unaccent(lower(name))) STORED;
DROP INDEX products_name_trgm;
DROP INDEX products_location;
CREATE INDEX products_name_trgm ON products USING gin (name_key gin_trgm_ops) WHERE status = 'active' AND NOT is_deleted AND store_active;
CREATE INDEX products_position ON products (latitude, longitude) WHERE status = 'active' AND NOT is_deleted AND store_active;

DROP INDEX stores_location;
CREATE INDEX stores_position ON stores (latitude, longitude) WHERE status = 'active';
