-- Tasks (issue [13], spec §3 tasks): the read model of the task-<id> streams. A delivery of a
-- shop's shipping order (handed to one collaborator, or offered to those whose circle holds both
-- the shop and the address: `offered`), or catalogue work inside an assignment. Money in cents.
-- The customer's name and phone are read from `orders` when asked, for those who may see them.
CREATE TABLE tasks (
  id                  uuid PRIMARY KEY,
  type                text NOT NULL CHECK (type IN ('delivery', 'product_management')),
  title               text NOT NULL,
  description         text NOT NULL,
  status              text NOT NULL CHECK (status IN ('pending', 'accepted', 'in_progress', 'completed', 'cancelled')),
  store_id            uuid NOT NULL,
  store_name          text NOT NULL,
  shopkeeper_id       uuid NOT NULL,
  order_id            uuid,
  assignment_id       uuid,
  -- Handed to them, or who accepted an offered one.
  collaborator_id     uuid,
  collaborator_name   text,
  offered             boolean NOT NULL,
  pickup_address      text,
  pickup_latitude     double precision,
  pickup_longitude    double precision,
  delivery_address    text,
  delivery_latitude   double precision,
  delivery_longitude  double precision,
  distance_km         double precision,
  deadline            timestamptz NOT NULL,
  compensation_cents  integer NOT NULL,
  credits             integer NOT NULL,
  accepted_at         timestamptz,
  started_at          timestamptz,
  completed_at        timestamptz,
  completed_late      boolean,
  cancelled_at        timestamptz,
  cancelled_by        text CHECK (cancelled_by IN ('shopkeeper', 'admin', 'collaborator', 'system')),
  cancel_reason       text,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL
);
CREATE INDEX tasks_store ON tasks (store_id, created_at DESC);
CREATE INDEX tasks_collaborator ON tasks (collaborator_id, created_at DESC) WHERE collaborator_id IS NOT NULL;
CREATE INDEX tasks_order ON tasks (order_id) WHERE order_id IS NOT NULL;
-- The offers open to the area, and those taken lately (the losers read them taken by another).
CREATE INDEX tasks_offered ON tasks (created_at DESC) WHERE offered;
-- The upkeep: tasks still waiting for a collaborator, by their deadline.
CREATE INDEX tasks_pending_deadline ON tasks (deadline) WHERE status = 'pending';
