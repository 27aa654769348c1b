-- The admin's word search over the payments' descriptions (payment_transactions_admin_text) takes
-- new rows into GIN's pending list, merged into the index in bulk (by autovacuum, or once the list
-- reaches gin_pending_list_limit), instead of one merge per row. Every order's payment is described
-- «Ordine presso «…»»: the same few trigrams in every row, whose posting lists grow with every
-- payment, so each insert decoded and compressed those long lists again (perf: the GIN functions
-- were the largest part of the card checkout's extra database time; bench:payments two-shop
-- checkout). A search reads the pending list too: what it finds does not change.
ALTER INDEX payment_transactions_admin_text SET (fastupdate = on);
