-- E-mail (src/modules/email): the admin who retried or cancelled a mail, on that action's line
-- of the log (null on the sender's own lines).

ALTER TABLE email_logs ADD COLUMN actor_user_id uuid;
