import { execFile, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startStripePeer } from '../../../tests/support/stripe-peer.js';

/*
 * The tests' loopback Stripe (tests/support/stripe-peer.ts) in a process of its own, as Stripe is
 * another machine: its work does not share the measured server's event loop. Run as a script it
 * starts the peer and prints its URL and webhook secret; `stripeProcess()` starts it so.
 */
const thisFile = fileURLToPath(import.meta.url);

export async function stripeProcess(): Promise<{ url: string; webhookSecret: string; stop(): void }> {
  const child: ChildProcess = execFile(process.execPath, ['--import', 'tsx', thisFile, '--serve'], { maxBuffer: 1 << 20 });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`the Stripe peer stopped (${code})`)));
  });
  const { url, webhookSecret } = JSON.parse(line) as { url: string; webhookSecret: string };
  return { url, webhookSecret, stop: () => child.kill() };
}

if (process.argv.includes('--serve')) {
  const peer = await startStripePeer();
  process.stdout.write(`${JSON.stringify({ url: peer.url, webhookSecret: peer.webhookSecret })}\n`);
}
