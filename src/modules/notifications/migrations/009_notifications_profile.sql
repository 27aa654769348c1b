-- What the notifications projection remembers of each order to word later messages: OrderReady
-- carries only the order's reference, and "ready" means one thing for a pickup, another for shipping.
CREATE TABLE notification_orders (
  order_id      uuid PRIMARY KEY,
  delivery_type text NOT NULL
);

-- The unread badge counts these on every page.
CREATE INDEX notifications_user_unread ON notifications (user_id) WHERE NOT read;
