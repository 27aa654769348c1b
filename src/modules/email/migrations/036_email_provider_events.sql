-- E-mail (src/modules/email): what the provider tells of a mail after it left (SendGrid's Event
-- Webhook: delivered, bounced, spam report…), each of its events logged once however often it is
-- delivered (by the provider's event id).

ALTER TABLE email_logs ADD COLUMN provider_event_id text;
CREATE UNIQUE INDEX email_logs_provider_event ON email_logs (provider_event_id) WHERE provider_event_id IS NOT NULL;
