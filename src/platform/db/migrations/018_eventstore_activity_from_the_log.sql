-- The admin dashboard's recent activity is read straight from the log (EventStore.readLatest): the
-- activity read model, which copied every event and trimmed itself at every batch, is gone.
DROP TABLE admin_activity;
DELETE FROM projection_checkpoints WHERE name = 'activity';
