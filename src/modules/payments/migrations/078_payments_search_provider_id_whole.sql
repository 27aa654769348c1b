-- The admin list's word search reads the description alone; a provider's id (Stripe's cs_…, a
-- PayPal order id) is found when pasted whole, by the index a webhook already uses
-- (payments/queries.ts searchWhole). Random ids made most of each row's trigrams, which every
-- payment created paid for in the search index.
DROP INDEX payment_transactions_admin_text;
ALTER TABLE payment_transactions DROP COLUMN admin_text;
ALTER TABLE payment_transactions ADD COLUMN admin_text text GENERATED ALWAYS AS (f_unaccent(description)) STORED;
CREATE INDEX payment_transactions_admin_text ON payment_transactions USING gin (admin_text gin_trgm_ops) WITH (fastupdate = off);
