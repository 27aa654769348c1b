-- The search's in-memory index of the products near a point (issue [17],
-- src/modules/search/near-index.ts) follows the products and stores read models by their changes:
-- each row carries the revision of its last write, from one sequence, set by a trigger on every
-- INSERT and UPDATE (whichever statement of a projection writes it), so that the index reads only
-- the rows written since it last looked (WHERE revision > $seen, by this index). Each read model
-- has one writer at a time (its runner holds the projection's lock, one transaction after the
-- other), so revisions become visible in their order. A rebuild puts new tables in place (their
-- file changes: pg_relation_filenode), which the index reads again whole. The shadow tables of a
-- rebuild copy these triggers (platform/projections/shadow-tables.ts).
CREATE SEQUENCE read_model_revision AS bigint;

CREATE FUNCTION set_read_model_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := nextval('read_model_revision');
  RETURN NEW;
END $$;

ALTER TABLE products ADD COLUMN revision bigint;
UPDATE products SET revision = nextval('read_model_revision');
ALTER TABLE products ALTER COLUMN revision SET NOT NULL;
CREATE INDEX products_revision ON products (revision);
CREATE TRIGGER products_revision BEFORE INSERT OR UPDATE ON products FOR EACH ROW EXECUTE FUNCTION set_read_model_revision();

ALTER TABLE stores ADD COLUMN revision bigint;
UPDATE stores SET revision = nextval('read_model_revision');
ALTER TABLE stores ALTER COLUMN revision SET NOT NULL;
CREATE INDEX stores_revision ON stores (revision);
CREATE TRIGGER stores_revision BEFORE INSERT OR UPDATE ON stores FOR EACH ROW EXECUTE FUNCTION set_read_model_revision();
