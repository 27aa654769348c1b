-- The PostgreSQL event store (design §1). Readers of the whole log only see rows whose
-- transaction is older than every transaction still running, ordered by (transaction, sequence):
-- an event committed late by a long transaction is never skipped by a subscriber.

CREATE TABLE es_streams (
  stream_id       text PRIMARY KEY,
  revision        bigint NOT NULL DEFAULT -1,
  -- soft delete: revisions below this read as gone
  truncate_before bigint NOT NULL DEFAULT 0
);

CREATE TABLE es_events (
  global_position bigserial PRIMARY KEY,
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id       text NOT NULL,
  revision        bigint NOT NULL,
  event_id        uuid NOT NULL,
  type            text NOT NULL,
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_id, revision),
  UNIQUE (event_id)
);

CREATE INDEX es_events_log_order ON es_events (transaction_id, global_position);
CREATE INDEX es_events_type ON es_events (type);

-- One round trip per append: lock the stream row, check the expected revision, insert, notify.
-- Raises SQLSTATE VC001 with the actual revision as DETAIL when the expectation fails.
CREATE FUNCTION es_append(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[]
) RETURNS TABLE (next_revision bigint, tx xid8, pos bigint)
LANGUAGE plpgsql AS $$
DECLARE
  cur bigint;
  trunc bigint;
  n int := cardinality(p_ids);
  known int;
  exists_now boolean;
BEGIN
  INSERT INTO es_streams (stream_id) VALUES (p_stream) ON CONFLICT DO NOTHING;
  SELECT s.revision, s.truncate_before INTO cur, trunc FROM es_streams s WHERE s.stream_id = p_stream FOR UPDATE;

  -- Idempotency: the same event ids already in this stream answer as the first append did.
  SELECT count(*) INTO known FROM es_events e WHERE e.event_id = ANY (p_ids);
  IF known > 0 THEN
    IF known = n AND NOT EXISTS (
      SELECT 1 FROM es_events e WHERE e.event_id = ANY (p_ids) AND e.stream_id <> p_stream
    ) THEN
      RETURN QUERY
        SELECT e.revision, e.transaction_id, e.global_position FROM es_events e
        WHERE e.event_id = ANY (p_ids) ORDER BY e.revision DESC LIMIT 1;
      RETURN;
    END IF;
    RAISE EXCEPTION 'event ids already used elsewhere' USING ERRCODE = 'VC002';
  END IF;

  exists_now := cur >= 0 AND cur >= trunc;
  IF (p_expected = 'no_stream' AND exists_now)
     OR (p_expected = 'stream_exists' AND NOT exists_now)
     OR (p_expected NOT IN ('any', 'no_stream', 'stream_exists') AND cur <> p_expected::bigint) THEN
    RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'VC001', DETAIL = cur::text;
  END IF;

  RETURN QUERY
    WITH inserted AS (
      INSERT INTO es_events (stream_id, revision, event_id, type, data, metadata)
      SELECT p_stream, cur + x.o, x.id, x.t, x.d, x.m
      FROM unnest(p_ids, p_types, p_data, p_metadata) WITH ORDINALITY AS x (id, t, d, m, o)
      ORDER BY x.o
      RETURNING es_events.global_position
    )
    SELECT cur + n, pg_current_xact_id(), max(inserted.global_position) FROM inserted;

  UPDATE es_streams SET revision = cur + n WHERE stream_id = p_stream;
  PERFORM pg_notify('vicino_events', '');
END;
$$;
