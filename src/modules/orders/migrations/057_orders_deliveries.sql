-- Shipping orders delivered by a collaborator (issue [13], spec §3 orders.collaboratorId): the
-- code the customer gives at the door (its customer's alone, like pickup_code), the order's open
-- delivery task, and who delivers it by when once a collaborator accepted it. Orders placed
-- before have no code (their events carry none) and no task.
ALTER TABLE orders
  ADD COLUMN delivery_code text,
  ADD COLUMN delivery_task_id uuid,
  ADD COLUMN collaborator_id uuid,
  ADD COLUMN collaborator_name text,
  ADD COLUMN delivery_deadline timestamptz;
