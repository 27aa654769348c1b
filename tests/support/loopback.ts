import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/* What the loopback peers that play an outside service (chat model, Stripe, PayPal) share. */

/** The whole body of a request the peer received, as text. */
export const bodyOf = (request: IncomingMessage): Promise<string> =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => resolve(body));
  });

/** Starts the peer's server on a free port of 127.0.0.1: the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
