-- The wake-up NOTIFY moves out of the append transaction (see PostgresEventStore.announceAppend).
CREATE OR REPLACE FUNCTION es_append(
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
  -- One statement creates or locks the stream row and reserves the revisions: one row write, not three.
  INSERT INTO es_streams AS s (stream_id, revision) VALUES (p_stream, n - 1)
    ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + n
    RETURNING s.revision - n, s.truncate_before INTO cur, trunc;

  -- Idempotency: the same event ids already in this stream answer as the first append did.
  SELECT count(*) INTO known FROM es_events e WHERE e.event_id = ANY (p_ids);
  IF known > 0 THEN
    IF known = n AND NOT EXISTS (
      SELECT 1 FROM es_events e WHERE e.event_id = ANY (p_ids) AND e.stream_id <> p_stream
    ) THEN
      UPDATE es_streams SET revision = cur WHERE stream_id = p_stream;
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

END;
$$;

-- No query reads the log by type through an index (exports filter while paging): one index less
-- to maintain on every append.
DROP INDEX IF EXISTS es_events_type;
