-- Orders paid online (issue [10]): each names its payment (payment_transactions, type
-- order_payment) and until when it waits for it; the orders' payments process finds the few whose
-- payment is still to settle (waiting, failed, or cancelled after it was paid and not yet refunded)
-- through a partial index, never by reading every order.

ALTER TABLE orders ADD COLUMN payment_id uuid, ADD COLUMN payment_due_at timestamptz;
CREATE INDEX orders_payment_open ON orders (payment_id)
  WHERE payment_id IS NOT NULL AND (payment_status IN ('pending', 'failed') OR (status = 'cancelled' AND payment_status = 'paid'));

ALTER TABLE payment_transactions DROP CONSTRAINT payment_transactions_transaction_type_check;
ALTER TABLE payment_transactions ADD CONSTRAINT payment_transactions_transaction_type_check
  CHECK (transaction_type IN ('package_purchase', 'order_payment', 'collaboration_payment', 'refund', 'credit_purchase'));
