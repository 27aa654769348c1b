-- Each product's prices over time (issue [21], the Omnibus rule: Codice del Consumo art. 17-bis),
-- built from ProductCreated and ProductUpdated's priceCents: a row per price, from when it was in
-- force until the next one. `products` keeps, beside its price, when that price began and the
-- lowest price in force in the 30 days before it (the reference a sale must show), computed once
-- when the price changes: a list of products reads it with the product, never the history.
-- No serial key: a rebuild writes the table anew beside the live one, and must write it the same.
CREATE TABLE product_prices (
  product_id   uuid NOT NULL,
  price_cents  bigint NOT NULL,
  valid_from   timestamptz NOT NULL,
  -- Null while it is the price in force.
  valid_until  timestamptz
);
CREATE INDEX product_prices_of_product ON product_prices (product_id, valid_from);
CREATE UNIQUE INDEX product_prices_in_force ON product_prices (product_id) WHERE valid_until IS NULL;

ALTER TABLE products ADD COLUMN price_since timestamptz;
ALTER TABLE products ADD COLUMN lowest_price_30d_cents bigint;
-- The admin's list of sales announced without a real reduction reads only the products on sale.
CREATE INDEX products_on_sale ON products (price_since DESC) WHERE on_sale AND NOT is_deleted;
