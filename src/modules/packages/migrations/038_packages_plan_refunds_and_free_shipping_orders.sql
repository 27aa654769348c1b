-- Packages (src/modules/packages): a refunded purchase ends what it bought, and a plan may limit
-- how many orders of its period ship free.

-- Why a purchase was taken back before its end ("Acquisto rimborsato"); null while it was not.
ALTER TABLE user_packages ADD COLUMN deactivation_reason text;
-- The limit copied at purchase (PackageTerms): null is no limit, as for purchases made before it existed.
ALTER TABLE user_packages ADD COLUMN max_free_shipping_orders integer;

-- The refunds' look (refund-process.ts) runs each time the payments' read model moves on: the
-- refunded package purchases are few, read through this instead of the whole payments table.
CREATE INDEX payment_transactions_refunded_packages ON payment_transactions (refunded_at)
  WHERE transaction_type = 'package_purchase' AND status = 'refunded';

-- A checkout counts the shop's orders shipped free in its plan's period (free-shipping.ts): only
-- those, by shop and time.
CREATE INDEX orders_free_shipping ON orders (store_id, created_at)
  WHERE delivery_type = 'shipping' AND shipping_cost_cents = 0 AND status <> 'cancelled';
