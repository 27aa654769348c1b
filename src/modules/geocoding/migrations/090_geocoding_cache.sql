-- The answers of the geocoding services (issue [22], src/modules/geocoding/cache.ts): kept 30 days at
-- most (Google's terms for coordinates; the privacy retention table removes older ones), keyed by
-- the provider, the call and the text or point asked. No user is named: only what was typed.
CREATE TABLE geocoding_cache (
  provider   text NOT NULL,
  call       text NOT NULL,
  asked      text NOT NULL,
  answer     jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, call, asked)
);

CREATE INDEX geocoding_cache_created_at ON geocoding_cache (created_at);
