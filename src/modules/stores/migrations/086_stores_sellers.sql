-- Who sells in each shop (issue [21]): a trader with its VAT number or a private seller, as the
-- shopkeeper declared it, and the admin's check of it.
CREATE TABLE store_sellers (
  store_id     uuid PRIMARY KEY,
  seller_type  text NOT NULL CHECK (seller_type IN ('trader', 'private')),
  vat_number   text,
  status       text NOT NULL CHECK (status IN ('declared', 'verified', 'refused')),
  reason       text,
  declared_at  timestamptz NOT NULL,
  checked_at   timestamptz
);
CREATE INDEX store_sellers_to_check ON store_sellers (declared_at) WHERE status = 'declared';
