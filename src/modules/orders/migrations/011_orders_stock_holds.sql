-- Stock held for orders still in flight, built by src/modules/orders/holds-projection.ts: the safety net
-- (src/modules/orders/holds-process.ts) finds here the holds a crash left behind.

CREATE TABLE order_stock_holds (
  order_id    uuid NOT NULL,
  product_id  uuid NOT NULL,
  quantity    int NOT NULL,
  held_at     timestamptz NOT NULL,
  PRIMARY KEY (order_id, product_id)
);
CREATE INDEX order_stock_holds_held_at ON order_stock_holds (held_at);
