-- Stock held for orders still in flight, built by src/projections/order-holds.ts: the safety net
-- (src/processes/order-holds.ts) finds here the holds a crash left behind.

CREATE TABLE order_stock_holds (
  order_id    uuid NOT NULL,
  product_id  uuid NOT NULL,
  quantity    int NOT NULL,
  held_at     timestamptz NOT NULL,
  PRIMARY KEY (order_id, product_id)
);
CREATE INDEX order_stock_holds_held_at ON order_stock_holds (held_at);
