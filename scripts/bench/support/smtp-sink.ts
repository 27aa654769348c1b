import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';

/*
 * A loopback SMTP server that accepts every message and only counts them, in a process of its
 * own: the benchmarks measure the app's sender, and a mail server is never the app's process
 * (tests/support/smtp-peer.ts parses each mail, in the tests' process, for their assertions).
 */

export interface SmtpSink {
  port: number;
  /** Messages accepted so far (as last reported, every 20 ms). */
  received(): number;
  /** Resolves when `count` messages have been accepted in all. */
  arrived(count: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts the sink's process; `close` ends it. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  let received = 0;
  let waiting: { count: number; resolve: () => void }[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the SMTP sink stopped (${code})`)));
    child.on('message', (message: { port?: number; received?: number }) => {
      if (message.port) resolve(message.port);
      if (message.received !== undefined) {
        received = message.received;
        waiting = waiting.filter((w) => (received >= w.count ? (w.resolve(), false) : true));
      }
    });
  });
  child.removeAllListeners('exit');
  return {
    port,
    received: () => received,
    arrived: (count) => (received >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve }))),
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}

async function serve(): Promise<void> {
  let received = 0;
  let reported = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send!({ port: (server.server.address() as AddressInfo).port });
  setInterval(() => {
    if (received === reported) return;
    reported = received;
    process.send!({ received });
  }, 20);
  process.on('disconnect', () => process.exit(0));
}

if (process.argv.includes('--serve')) await serve();
