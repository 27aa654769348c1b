-- Catalogue, global catalogue, categories, favourites and notifications read models, and what the
-- nearby search needs: accent-folding, Italian stemming, trigram similarity and earth distances.

CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;

-- unaccent() is only STABLE (its dictionary could change); ours is fixed, so indexes may use it.
CREATE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

-- Italian stemming over accent-folded words: "Caffè" and "caffe", "Pomodori" and "pomodoro" meet.
CREATE TEXT SEARCH CONFIGURATION italian_unaccent (COPY = pg_catalog.italian);
ALTER TEXT SEARCH CONFIGURATION italian_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, italian_stem;

ALTER TABLE stores ADD COLUMN deleted boolean NOT NULL DEFAULT false;
CREATE INDEX stores_location ON stores USING gist (ll_to_earth(latitude, longitude));
CREATE INDEX stores_slug_lower ON stores (lower(slug));

CREATE TABLE categories (
  id          uuid PRIMARY KEY,
  name        text NOT NULL,
  slug        text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  icon        text,
  color       text,
  parent_id   uuid,
  is_active   boolean NOT NULL DEFAULT true,
  sort_order  int NOT NULL DEFAULT 0
);

CREATE TABLE products (
  id                  uuid PRIMARY KEY,
  store_id            uuid NOT NULL,
  name                text NOT NULL,
  description         text NOT NULL DEFAULT '',
  price               numeric(10, 2) NOT NULL,
  stock_quantity      int NOT NULL DEFAULT 0,
  image_url           text,
  images              jsonb NOT NULL DEFAULT '[]',
  default_image_index int NOT NULL DEFAULT 0,
  pdf_url             text,
  category            text,
  sku                 text,
  barcode             text,
  status              text NOT NULL DEFAULT 'active',
  is_deleted          boolean NOT NULL DEFAULT false,
  featured            boolean NOT NULL DEFAULT false,
  on_sale             boolean NOT NULL DEFAULT false,
  global_product_id   uuid,
  -- The store's position and visibility, copied here so the search reads one table.
  latitude            double precision NOT NULL,
  longitude           double precision NOT NULL,
  store_active        boolean NOT NULL DEFAULT false,
  -- Name first, then category, then description: a match in the name ranks highest.
  search_vector       tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('italian_unaccent'::regconfig, name), 'A') ||
    setweight(to_tsvector('italian_unaccent'::regconfig, coalesce(category, '')), 'B') ||
    setweight(to_tsvector('italian_unaccent'::regconfig, description), 'C')
  ) STORED,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL
);
CREATE INDEX products_store ON products (store_id, created_at DESC);
CREATE INDEX products_search ON products USING gin (search_vector) WHERE status = 'active' AND NOT is_deleted AND store_active;
CREATE INDEX products_name_trgm ON products USING gin (f_unaccent(lower(name)) gin_trgm_ops) WHERE status = 'active' AND NOT is_deleted AND store_active;
CREATE INDEX products_location ON products USING gist (ll_to_earth(latitude, longitude)) WHERE status = 'active' AND NOT is_deleted AND store_active;
CREATE INDEX products_barcode ON products (barcode) WHERE barcode IS NOT NULL;

CREATE TABLE global_products (
  id                  uuid PRIMARY KEY,
  name                text NOT NULL,
  description         text NOT NULL DEFAULT '',
  base_price          numeric(10, 2),
  image_url           text,
  images              jsonb NOT NULL DEFAULT '[]',
  category            text,
  sku                 text,
  barcode             text NOT NULL UNIQUE,
  original_store_id   uuid,
  original_product_id uuid,
  added_by            uuid,
  status              text NOT NULL DEFAULT 'active',
  is_deleted          boolean NOT NULL DEFAULT false,
  featured            boolean NOT NULL DEFAULT false,
  store_count         int NOT NULL DEFAULT 0,
  total_usage         int NOT NULL DEFAULT 0,
  last_used           timestamptz,
  popularity_score    numeric NOT NULL DEFAULT 0,
  is_popular          boolean NOT NULL DEFAULT false,
  created_at          timestamptz NOT NULL
);

CREATE TABLE global_product_usage (
  global_product_id uuid NOT NULL,
  store_id          uuid NOT NULL,
  product_id        uuid NOT NULL,
  custom_price      numeric(10, 2),
  first_used        timestamptz NOT NULL,
  last_used         timestamptz NOT NULL,
  usage_count       int NOT NULL DEFAULT 1,
  status            text NOT NULL DEFAULT 'active',
  PRIMARY KEY (global_product_id, product_id)
);
CREATE INDEX global_product_usage_store ON global_product_usage (store_id);

CREATE TABLE favorites (
  user_id    uuid NOT NULL,
  store_id   uuid NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, store_id)
);

CREATE TABLE notifications (
  id         uuid PRIMARY KEY,
  user_id    uuid NOT NULL,
  title      text NOT NULL,
  message    text NOT NULL,
  link       text,
  read       boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL
);
CREATE INDEX notifications_user ON notifications (user_id, created_at DESC);

-- The products projection's own copy of each store's position and visibility.
CREATE TABLE product_stores (
  store_id  uuid PRIMARY KEY,
  latitude  double precision NOT NULL,
  longitude double precision NOT NULL,
  active    boolean NOT NULL DEFAULT false
);

-- A typo is forgiven ("mozarella" finds "Mozzarella"), a different word is not ("pane" is not
-- "panna"): 0.7 sits between the two, for every new connection to this database.
DO $$ BEGIN
  EXECUTE format('ALTER DATABASE %I SET pg_trgm.word_similarity_threshold = 0.7', current_database());
END $$;
