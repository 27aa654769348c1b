-- A rebuild asked for from the admin data page or `npm run replay` no longer empties the read
-- model: it fills a copy of its tables in a schema of its own (rebuild_<name>) while the live
-- runner keeps the tables in public up to date, and the copy takes their place once it has caught
-- up (src/platform/projections/shadow-rebuild.ts). Where the copy stands, committed with its rows; NULL
-- when no rebuild is under way.
ALTER TABLE projection_checkpoints ADD COLUMN rebuild_position text;
