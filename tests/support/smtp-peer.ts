import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { madeBeforeAll } from './made.js';

/** What the peer answers a message: accept (null), or an SMTP error with its code. */
export type Answer = { code: number; message: string } | null;

export interface SmtpPeer {
  port: number;
  /** Every message the peer accepted, parsed. */
  received: ParsedMail[];
  /**
   * Decides the answer of each message as it comes (default: accept); a promise holds the
   * message's DATA unanswered until it settles (a mail caught in the middle of its sending).
   */
  answer: () => Answer | Promise<Answer>;
  /** Resolves when `count` messages have been accepted in all. */
  arrived(count: number): Promise<ParsedMail[]>;
  /** Resolves with what `found` finds among the accepted messages, as soon as it finds something. */
  until<T>(found: (received: ParsedMail[]) => T | undefined): Promise<T>;
  /** Resolves with the first message accepted for `address` (the one already there, or the next). */
  mailTo(address: string): Promise<ParsedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (no TLS) that keeps what it accepts; with `login`, it asks for
 * that user and password (AUTH PLAIN/LOGIN) and refuses others with 535.
 */
export async function startSmtpPeer({ login }: { login?: { user: string; password: string } } = {}): Promise<SmtpPeer> {
  const received: ParsedMail[] = [];
  const waiting: { done: () => boolean }[] = [];
  const until = <T>(found: (received: ParsedMail[]) => T | undefined): Promise<T> =>
    new Promise((resolve) => {
      const check = () => {
        const value = found(received);
        if (value === undefined) return false;
        resolve(value);
        return true;
      };
      if (!check()) waiting.push({ done: check });
    });
  const addressedTo = (mail: ParsedMail, address: string) => [mail.to ?? []].flat().some((to) => to.value.some((v) => v.address?.toLowerCase() === address.toLowerCase()));
  const peer: SmtpPeer = {
    port: 0,
    received,
    answer: () => null,
    until,
    arrived: (count) => until(() => (received.length >= count ? received : undefined)),
    mailTo: (address) => until(() => received.find((mail) => addressedTo(mail, address))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: !login,
    allowInsecureAuth: true,
    disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    onAuth(auth, _session, callback) {
      if (auth.username === login?.user && auth.password === login?.password) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Credenziali non valide'), { responseCode: 535 }));
    },
    logger: false,
    // A sender that died in a test leaves its connection open: close it rather than wait.
    closeTimeout: 200,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void Promise.resolve(peer.answer()).then((answer) => {
          if (answer) {
            callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
            return;
          }
          void simpleParser(Buffer.concat(chunks)).then((mail) => {
            received.push(mail);
            for (const w of [...waiting]) if (w.done()) waiting.splice(waiting.indexOf(w), 1);
            callback();
          });
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.port = (server.server.address() as AddressInfo).port;
  return peer;
}

/** A peer for the tests of one file: started before them, closed after (madeBeforeAll). */
export function useSmtpPeer(): SmtpPeer {
  return madeBeforeAll(
    () => startSmtpPeer(),
    (peer) => peer.close(),
  );
}
