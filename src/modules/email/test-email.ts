import type { EmailSettings } from './settings.js';
import { DomainError } from '../../platform/domain/errors.js';
import { smtpTransport, transportConfigOf } from './transport.js';

/** nodemailer's report of what went wrong: the server's answer, or the connection's error. */
interface SmtpFailure {
  responseCode?: number;
  response?: string;
  code?: string;
  message?: string;
}

/** Why a test mail cannot even be tried: the field to fill in, as the settings' form names it. */
function missingForTest(settings: EmailSettings): DomainError | null {
  const missing = (field: string, message: string) => new DomainError(message, 'rule', { [field]: message });
  if (settings.provider === 'smtp' && !settings.host) return missing('host', 'Per la prova serve il server SMTP: salvalo nelle impostazioni.');
  if (settings.provider === 'sendgrid' && !settings.apiKey) return missing('apiKey', 'Per la prova con SendGrid serve la chiave API: salvala nelle impostazioni.');
  if (!settings.fromAddress) return missing('fromAddress', 'Per la prova serve l’indirizzo del mittente: salvalo nelle impostazioni.');
  return null;
}

/** The failure in Italian, with the server's own answer when it gave one (502: the SMTP server said no). */
function upstreamError(failure: SmtpFailure, server: string): DomainError {
  const answer = failure.response ?? String(failure.responseCode ?? '');
  if (failure.code === 'EAUTH') return new DomainError(`Il server SMTP ${server} ha rifiutato l’accesso (utente o password): «${answer || failure.message}».`, 'upstream');
  if (failure.responseCode) return new DomainError(`Il server SMTP ${server} ha rifiutato l’e-mail: «${answer}».`, 'upstream');
  const technical = `${failure.code ?? 'errore'}: ${failure.message ?? ''}`.trim();
  // nodemailer reports a refused connection as ESOCKET, with the system's code in its message.
  if (failure.code === 'ECONNREFUSED' || /\bECONNREFUSED\b/.test(failure.message ?? ''))
    return new DomainError(`Nessun server SMTP risponde su ${server} (connessione rifiutata). Dettaglio: ${technical}`, 'upstream');
  if (failure.code === 'EDNS' || /\bENOTFOUND\b/.test(failure.message ?? ''))
    return new DomainError(`Server SMTP ${server} non trovato: controlla il nome. Dettaglio: ${technical}`, 'upstream');
  if (failure.code === 'ETIMEDOUT') return new DomainError(`Il server SMTP ${server} non ha risposto in tempo. Dettaglio: ${technical}`, 'upstream');
  return new DomainError(`Collegamento al server SMTP ${server} non riuscito. Dettaglio: ${technical}`, 'upstream');
}

export interface TestEmailResult {
  to: string;
  messageId: string;
  /** The server's answer, as it gave it (e.g. "250 2.0.0 Ok: queued as …"). */
  response: string;
}

/**
 * Sends one mail at once with the settings in force, whether sending is on or not (the point is
 * to try them before switching on): outside the queue, so it neither waits for the queue nor
 * counts against the hour's budget, and is not in the log. Any failure is a DomainError: 422
 * when a setting is missing, 502 with the server's answer when the server said no or could not be
 * reached.
 */
export async function sendTestEmail(settings: EmailSettings, to: string, makeTransport = smtpTransport): Promise<TestEmailResult> {
  const missing = missingForTest(settings);
  if (missing) throw missing;
  const config = transportConfigOf(settings);
  const transport = makeTransport(config, 1);
  try {
    const info = await transport.sendMail({
      from: { name: settings.fromName, address: settings.fromAddress },
      replyTo: settings.replyTo || undefined,
      to,
      subject: 'E-mail di prova da Vicino',
      text: `Questa è un’e-mail di prova inviata dal pannello di amministrazione di Vicino con il server ${config.host}:${config.port}.\n\nSe la leggi, le impostazioni di invio funzionano.\n`,
      html: `<p>Questa è un’e-mail di prova inviata dal pannello di amministrazione di Vicino con il server <strong>${config.host}:${config.port}</strong>.</p><p>Se la leggi, le impostazioni di invio funzionano.</p>`,
    });
    return { to, messageId: String(info.messageId ?? ''), response: String(info.response ?? '') };
  } catch (error) {
    throw upstreamError(error as SmtpFailure, `${config.host}:${config.port}`);
  } finally {
    transport.close();
  }
}
