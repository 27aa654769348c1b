-- Issue [22]: shops linked to their place on Google.
-- store_google_places is the read model of the links (src/modules/google-places/projection.ts): only
-- the place id, which Google's terms allow keeping for good.
CREATE TABLE store_google_places (
  store_id  uuid PRIMARY KEY,
  place_id  text NOT NULL,
  linked_at timestamptz NOT NULL
);

CREATE INDEX store_google_places_place ON store_google_places (place_id);

-- What Google says of a place (details.ts): asked when a shop links it and refreshed by the upkeep,
-- never shown once 30 days old and then removed (Google's caching rules). Not a read model: no
-- event holds it.
CREATE TABLE google_place_details (
  place_id         text PRIMARY KEY,
  rating           double precision,
  review_count     int,
  maps_uri         text,
  photo_name       text,
  photo_author     text,
  photo_author_uri text,
  fetched_at       timestamptz NOT NULL
);

CREATE INDEX google_place_details_fetched_at ON google_place_details (fetched_at);
