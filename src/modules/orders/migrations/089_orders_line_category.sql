-- Each line's product category as it was sold (the withdrawal's exclusions read it: a product moved
-- to another category after the sale changes nothing). The lines of orders placed before keep none,
-- and are read with the catalogue's category.
ALTER TABLE order_items ADD COLUMN category text;
