-- The admin product list searched for a word newest first (bench:admin, 200,000 products): p95 698
-- ms. The planner has no statistics of the searched text (those of an expression index are only
-- used when the index is not partial), so it guessed 1,600 matches for every word and walked the
-- products by date until 25 matched: a word no product has ("vino") read all 200,000 (444 ms), one
-- with 1,400 read 24,000. With the expression's own statistics it knows a rare word from a common
-- one: the trigram index for "vino" (17 estimated, 0 found, 1 ms) and "pane", the date order for
-- a letter almost every product has.
CREATE STATISTICS products_admin_search_text ON (f_unaccent(name || ' ' || coalesce(sku, '') || ' ' || coalesce(barcode, ''))) FROM products;
ANALYZE products;
