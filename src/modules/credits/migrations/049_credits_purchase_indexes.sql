-- Credit packs are bought as credit_purchase payments (issue [11]), activated and taken back by
-- the packages' processes with the package purchases: their partial indexes (migrations 037 and
-- 038) name package_purchase alone, and a look naming both types would read the whole payments
-- table at every news of it. The same indexes, for both types.
DROP INDEX payment_transactions_paid_packages;
CREATE INDEX payment_transactions_paid_packages ON payment_transactions (completed_at)
  WHERE transaction_type IN ('package_purchase', 'credit_purchase') AND status = 'completed' AND package_id IS NOT NULL;
DROP INDEX payment_transactions_refunded_packages;
CREATE INDEX payment_transactions_refunded_packages ON payment_transactions (refunded_at)
  WHERE transaction_type IN ('package_purchase', 'credit_purchase') AND status = 'refunded';

-- Orders whose payment an admin refunded by hand (src/modules/orders/payments-process.ts): the
-- look reads the refunded order payments of the last 30 days, not the whole table.
CREATE INDEX payment_transactions_refunded_orders ON payment_transactions (refunded_at)
  WHERE transaction_type = 'order_payment' AND status = 'refunded';
