-- A read model that cannot apply an event stops just before it, alone: the runner finds the event
-- by applying its batch one event at a time, commits what came before, and keeps the event here for
-- the admin (data-management page, health) until the read model applies it (after a fix). A
-- rebuild beside the live tables keeps its own failure, so one never hides the other.
ALTER TABLE projection_checkpoints
  ADD COLUMN failed_event jsonb,
  ADD COLUMN rebuild_error text,
  ADD COLUMN rebuild_error_at timestamptz,
  ADD COLUMN rebuild_failed_event jsonb;

CREATE OR REPLACE FUNCTION projection_advance(p_name text, p_version int, p_from text, p_to text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE projection_checkpoints
  SET position = p_to, updated_at = now(), last_error = NULL, last_error_at = NULL, failed_event = NULL
  WHERE name = p_name AND position = p_from AND version = p_version;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the checkpoint of % moved', p_name USING ERRCODE = 'VC003';
  END IF;
END;
$$;
