-- The admin's Google Maps and OpenAI settings (src/modules/settings/google-maps-settings-projection.ts and
-- openai-settings.ts): one row each, holding the fields changed from the defaults, like site_settings.

CREATE TABLE google_maps_settings (
  id       int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  settings jsonb NOT NULL
);

CREATE TABLE openai_settings (
  id       int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  settings jsonb NOT NULL
);
