-- A store may be created before its owner states its opening hours (spec §3 requires only the
-- address and the position): NULL until then, and no pickup meanwhile.
ALTER TABLE stores ALTER COLUMN opening_hours DROP NOT NULL;
