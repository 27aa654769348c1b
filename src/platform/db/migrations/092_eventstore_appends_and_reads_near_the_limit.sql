-- Appends near the limit (issue [23]). Measured with 8 writers of 1-event appends: a quarter of the
-- server's CPU per append went to asking first whether the events were already stored (a lookup of
-- every id, though a repeat is rare), and another part to the arrays of one element (jsonb[] text
-- parsed as an array, then each element as jsonb).
--
-- * A repeat is now found when it is refused: the unique index on event_id refuses a second copy
--   (23505), and an expected revision already passed refuses it (VC001); the store then asks which
--   of the ids are stored, and answers as the first append did when all are, in their stream
--   (PostgresEventStore.refusalOrRepeat). The answer to the caller is the same as before.
-- * One event, the usual command's, goes through es_append_one: plain values, no arrays.
-- * An event's data and metadata are kept as json, the text as written, not as jsonb: the log is
--   written once and read whole, never searched inside (but for uniqueness.ts's one ->> of old
--   reservations), and jsonb cost a parse into its binary form at every append and a print back to
--   text at every read, half the server's time of reading a stream. The store writes JSON.stringify's
--   text, so what is read back is what was appended, keys in their order.
ALTER TABLE es_events ALTER COLUMN data TYPE json USING data::json, ALTER COLUMN metadata TYPE json USING metadata::json;

DROP FUNCTION es_append(text, text, uuid[], text[], jsonb[], jsonb[]);
CREATE FUNCTION es_append(
  p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data json[], p_metadata json[]
) RETURNS TABLE (next_revision bigint, tx xid8, pos bigint)
LANGUAGE plpgsql AS $$
DECLARE
  cur bigint;
  trunc bigint;
  n int := cardinality(p_ids);
BEGIN
  -- One statement creates or locks the stream row and reserves the revisions.
  INSERT INTO es_streams AS s (stream_id, revision) VALUES (p_stream, n - 1)
    ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + n
    RETURNING s.revision - n, s.truncate_before INTO cur, trunc;

  IF (p_expected = 'no_stream' AND cur >= 0 AND cur >= trunc)
     OR (p_expected = 'stream_exists' AND NOT (cur >= 0 AND cur >= trunc))
     OR (p_expected NOT IN ('any', 'no_stream', 'stream_exists') AND cur <> p_expected::bigint) THEN
    RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'VC001', DETAIL = cur::text, HINT = p_stream;
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

-- Its answer is one text, "<next revision> <position>" (the position as the store writes it,
-- "transaction/sequence"): a function returning a row is read through a function scan that stores
-- the row first, 13 % of the append's server time.
CREATE FUNCTION es_append_one(
  p_stream text, p_expected text, p_id uuid, p_type text, p_data json, p_metadata json
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  cur bigint;
  trunc bigint;
  pos bigint;
BEGIN
  INSERT INTO es_streams AS s (stream_id, revision) VALUES (p_stream, 0)
    ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + 1
    RETURNING s.revision - 1, s.truncate_before INTO cur, trunc;

  IF (p_expected = 'no_stream' AND cur >= 0 AND cur >= trunc)
     OR (p_expected = 'stream_exists' AND NOT (cur >= 0 AND cur >= trunc))
     OR (p_expected NOT IN ('any', 'no_stream', 'stream_exists') AND cur <> p_expected::bigint) THEN
    RAISE EXCEPTION 'wrong expected version' USING ERRCODE = 'VC001', DETAIL = cur::text, HINT = p_stream;
  END IF;

  INSERT INTO es_events (stream_id, revision, event_id, type, data, metadata)
    VALUES (p_stream, cur + 1, p_id, p_type, p_data, p_metadata)
    RETURNING global_position INTO pos;
  RETURN (cur + 1) || ' ' || pg_current_xact_id() || '/' || pos;
END;
$$;
