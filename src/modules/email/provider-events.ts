import { createPublicKey, verify } from 'node:crypto';

/*
 * SendGrid's Event Webhook: what became of each mail after it left (delivered, bounced, reported
 * as spam, opened, clicked…), posted as a JSON array, signed with ECDSA (P-256, SHA-256) over the
 * timestamp header followed by the body exactly as sent; the admin pastes the webhook's
 * "verification key" (the public key, base64) in the e-mail settings.
 */

export const sendgridSignatureHeader = 'x-twilio-email-event-webhook-signature';
export const sendgridTimestampHeader = 'x-twilio-email-event-webhook-timestamp';

/** The mail's id, sent with every mail through SendGrid (X-SMTPAPI unique_args) and back in each of its events. */
export const sendgridEmailIdArg = 'vicino_email_id';

/**
 * The header that asks SendGrid to return the mail's id in each of its events, as written (JSON of
 * plain ASCII): nodemailer would otherwise encode it as a MIME word, which SendGrid does not read.
 */
export const sendgridArgsHeader = (emailId: string): Record<string, { prepared: true; value: string }> => ({
  'X-SMTPAPI': { prepared: true, value: JSON.stringify({ unique_args: { [sendgridEmailIdArg]: emailId } }) },
});

/** Whether `signature` (base64, DER) is SendGrid's over `timestamp` + `body` for `key` (the verification key). */
export function verifySendgridSignature(key: string, signature: string, timestamp: string, body: Buffer): boolean {
  try {
    const publicKey = createPublicKey({ key: Buffer.from(key.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
    return verify('sha256', Buffer.concat([Buffer.from(timestamp, 'utf8'), body]), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** One line of the mails' log from one event of the provider. */
export interface ProviderLogLine {
  providerEventId: string;
  emailId: string;
  status: 'delivered' | 'deferred' | 'bounced' | 'complained' | 'opened' | 'clicked' | 'unsubscribed';
  details: string;
  userAgent: string | null;
  ip: string | null;
  clickedLinks: string[] | null;
  /** The recipient, lower case: an unsubscription stops the marketing mails to it. */
  email: string;
  at: Date;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (value: unknown, max = 500): string | null => (typeof value === 'string' && value ? value.slice(0, max) : null);

/** Our mail's id: the argument sent with it, else its Message-ID (`<id@vicino.local>`, queue.ts). */
function emailIdOf(event: Record<string, unknown>): string | null {
  const arg = text(event[sendgridEmailIdArg]);
  if (arg && uuid.test(arg)) return arg.toLowerCase();
  const messageId = /^<([0-9a-f-]{36})@vicino\.local>$/i.exec(text(event['smtp-id']) ?? '');
  return messageId && uuid.test(messageId[1]!) ? messageId[1]!.toLowerCase() : null;
}

/**
 * The log lines of a posted batch of events: those of our mails, with an id each. "processed"
 * (SendGrid took the mail: the sender already logged it sent) and events of unknown kinds add
 * nothing.
 */
export function sendgridLogLines(events: unknown): ProviderLogLine[] {
  if (!Array.isArray(events)) return [];
  return events.flatMap((raw): ProviderLogLine[] => {
    if (!raw || typeof raw !== 'object') return [];
    const event = raw as Record<string, unknown>;
    const providerEventId = text(event.sg_event_id, 200);
    const emailId = emailIdOf(event);
    if (!providerEventId || !emailId) return [];
    const reason = text(event.reason) ?? text(event.response) ?? '';
    const base = {
      providerEventId: `sendgrid:${providerEventId}`,
      emailId,
      userAgent: text(event.useragent),
      ip: text(event.ip, 100),
      clickedLinks: null,
      email: (text(event.email, 254) ?? '').toLowerCase(),
      at: typeof event.timestamp === 'number' ? new Date(event.timestamp * 1000) : new Date(),
    };
    switch (event.event) {
      case 'delivered':
        return [{ ...base, status: 'delivered', details: `Consegnata al server del destinatario${reason ? `: ${reason}` : '.'}` }];
      case 'deferred':
        return [{ ...base, status: 'deferred', details: `Consegna rimandata dal server del destinatario${reason ? `: ${reason}` : '.'}` }];
      case 'bounce':
        return [{ ...base, status: 'bounced', details: `Respinta dal server del destinatario${reason ? `: ${reason}` : '.'}` }];
      case 'dropped':
        return [{ ...base, status: 'bounced', details: `Non consegnata da SendGrid${reason ? `: ${reason}` : '.'}` }];
      case 'spamreport':
        return [{ ...base, status: 'complained', details: 'Il destinatario l’ha segnalata come spam.' }];
      case 'open':
        return [{ ...base, status: 'opened', details: 'Aperta (secondo SendGrid).' }];
      case 'click': {
        const url = text(event.url, 4000);
        return [{ ...base, status: 'clicked', details: url ? `Clic su ${url}` : 'Clic su un collegamento.', clickedLinks: url ? [url] : null }];
      }
      case 'unsubscribe':
      case 'group_unsubscribe':
        return [{ ...base, status: 'unsubscribed', details: 'Il destinatario ha annullato l’iscrizione da SendGrid.' }];
      default:
        return [];
    }
  });
}
