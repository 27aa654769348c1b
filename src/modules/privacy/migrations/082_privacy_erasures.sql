-- The erasures asked of Vicino (issue [21], GDPR art. 17): one row per person, from the request to
-- its completion, with the law's deadline (a month). The admin's «Cancellazioni dei dati».
CREATE TABLE erasures (
  user_id        uuid PRIMARY KEY,
  role           text NOT NULL,
  requested_by   text NOT NULL CHECK (requested_by IN ('self', 'admin')),
  status         text NOT NULL CHECK (status IN ('requested', 'waiting', 'carried_out', 'completed')),
  requested_at   timestamptz NOT NULL,
  due_at         timestamptz NOT NULL,
  open_orders    integer NOT NULL DEFAULT 0,
  waiting_since  timestamptz,
  keys_erased    integer,
  read_models    text[] NOT NULL DEFAULT '{}',
  carried_out_at timestamptz,
  completed_at   timestamptz,
  updated_at     timestamptz NOT NULL
);
CREATE INDEX erasures_open ON erasures (requested_at) WHERE status <> 'completed';
