-- Partial refunds of a payment (issue [14]: reports' and compensations' refunds): what the provider
-- confirmed refunded so far, in cents. A payment is `refunded` only once it is all of it; before
-- partial refunds a refunded payment was refunded whole.
ALTER TABLE payment_transactions ADD COLUMN refunded_cents bigint NOT NULL DEFAULT 0;
UPDATE payment_transactions SET refunded_cents = amount_cents WHERE status = 'refunded' AND transaction_type <> 'refund';
