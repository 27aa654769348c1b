import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What the peer answers a message: accept (null), or an SMTP error with its code. */
export type Answer = { code: number; message: string } | null;

export interface SmtpPeer {
  port: number;
  /** Every message the peer accepted, parsed. */
  received: ParsedMail[];
  /** Decides the answer of each message as it comes (default: accept). */
  answer: () => Answer;
  /** Resolves when `count` messages have been accepted in all. */
  arrived(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (no TLS, no login) that keeps what it accepts. */
export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ParsedMail[] = [];
  const waiting: { count: number; resolve: (mails: ParsedMail[]) => void }[] = [];
  const peer: SmtpPeer = {
    port: 0,
    received,
    answer: () => null,
    arrived: (count) => (received.length >= count ? Promise.resolve(received) : new Promise((resolve) => waiting.push({ count, resolve }))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A sender that died in a test leaves its connection open: close it rather than wait.
    closeTimeout: 200,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const answer = peer.answer();
        if (answer) {
          callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
          return;
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push(mail);
          for (const w of waiting.filter((w) => received.length >= w.count)) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve(received);
          }
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.port = (server.server.address() as AddressInfo).port;
  return peer;
}
