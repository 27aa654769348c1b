-- A projection runner ends a batch in one round trip: this compare-and-set of its checkpoint, COMMIT
-- and the news, sent together (see ProjectionRunner.applyBatch). The checkpoint not being where the
-- runner left it (a rebuild moved it back) must undo the batch, so it is an error, not a row count.
CREATE FUNCTION projection_advance(p_name text, p_version int, p_from text, p_to text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE projection_checkpoints SET position = p_to, updated_at = now(), last_error = NULL, last_error_at = NULL
  WHERE name = p_name AND position = p_from AND version = p_version;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the checkpoint of % moved', p_name USING ERRCODE = 'VC003';
  END IF;
END;
$$;
