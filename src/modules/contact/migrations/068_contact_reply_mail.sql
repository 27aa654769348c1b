-- The contact inbox (src/modules/contact): the event of the last answer, so the admin's page reads
-- its mail's state in the e-mail queue (queued once per event and template: email_queue's unique key).
ALTER TABLE contact_submissions ADD COLUMN reply_event_id uuid;
