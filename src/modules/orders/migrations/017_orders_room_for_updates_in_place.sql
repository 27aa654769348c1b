-- Stock changes at every order and order statuses at every step: rows updated often get room on
-- their own page, so an update stays there (a HOT update) instead of moving the row and adding it
-- to every index again (products have four GIN indexes). Pages written from now on keep 10% free.
ALTER TABLE products SET (fillfactor = 90);
ALTER TABLE orders SET (fillfactor = 90);
