-- The right of withdrawal from shipped orders (Codice del Consumo artt. 52–59): when the order was
-- delivered (its period runs 14 days from then), the customer's withdrawal and where it is (sent,
-- the goods back at the shop, refunded), what it gives back, and how many pieces of each line it
-- covers (the lines of excluded categories stay sold). The orders delivered before take their
-- delivery's time from their timeline.
ALTER TABLE orders
  ADD COLUMN delivered_at timestamptz,
  ADD COLUMN withdrawal_state text,
  ADD COLUMN withdrawal_reason text,
  ADD COLUMN withdrawn_at timestamptz,
  ADD COLUMN withdrawal_amount_cents bigint,
  ADD COLUMN withdrawal_shipping_cents bigint,
  ADD COLUMN withdrawal_returned_at timestamptz,
  ADD COLUMN withdrawal_refunded_at timestamptz;

ALTER TABLE order_items ADD COLUMN withdrawn_quantity int NOT NULL DEFAULT 0;

UPDATE orders o SET delivered_at = t.at
FROM order_timeline t
WHERE t.order_id = o.id AND t.status = 'completed' AND o.delivery_type = 'shipping';

-- The withdrawals whose goods came back and whose refund waits for the provider (the payments' process looks at them).
CREATE INDEX orders_withdrawal_returned ON orders (id) WHERE withdrawal_state = 'returned';
