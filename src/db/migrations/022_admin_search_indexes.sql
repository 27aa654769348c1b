-- The admin lists' word search (admin-rest.ts) as the products list has it (migrations 013, 020):
-- each resource searches one text, found through one trigram index, with the text's own
-- statistics so the planner knows a rare word from a common one. Without them a search of the
-- users (100,000 in bench:admin) read every row, unaccenting three texts each.
CREATE INDEX users_admin_search ON users USING gin (f_unaccent(username || ' ' || name || ' ' || email) gin_trgm_ops);
CREATE STATISTICS users_admin_search_text ON (f_unaccent(username || ' ' || name || ' ' || email)) FROM users;

CREATE INDEX stores_admin_search ON stores
  USING gin (f_unaccent(name || ' ' || slug || ' ' || address || ' ' || coalesce(email, '')) gin_trgm_ops);
CREATE STATISTICS stores_admin_search_text ON (f_unaccent(name || ' ' || slug || ' ' || address || ' ' || coalesce(email, ''))) FROM stores;

CREATE INDEX orders_admin_search ON orders USING gin (f_unaccent(customer_name || ' ' || customer_email || ' ' || store_name) gin_trgm_ops);
CREATE STATISTICS orders_admin_search_text ON (f_unaccent(customer_name || ' ' || customer_email || ' ' || store_name)) FROM orders;

CREATE INDEX global_products_admin_search ON global_products
  USING gin (f_unaccent(name || ' ' || barcode || ' ' || coalesce(sku, '') || ' ' || coalesce(category, '')) gin_trgm_ops) WHERE NOT is_deleted;
CREATE STATISTICS global_products_admin_search_text
  ON (f_unaccent(name || ' ' || barcode || ' ' || coalesce(sku, '') || ' ' || coalesce(category, ''))) FROM global_products;

ANALYZE users, stores, orders, global_products;
