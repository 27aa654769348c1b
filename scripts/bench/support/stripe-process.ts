import { fileURLToPath } from 'node:url';
import { startStripePeer } from '../../../tests/support/stripe-peer.js';
import { peerProcess } from './peer-process.js';

/* The tests' loopback Stripe (tests/support/stripe-peer.ts) in a process of its own (peer-process.ts). */
const thisFile = fileURLToPath(import.meta.url);

export const stripeProcess = () => peerProcess<{ url: string; webhookSecret: string }>(thisFile, 'Stripe');

if (process.argv.includes('--serve')) {
  const peer = await startStripePeer();
  process.stdout.write(`${JSON.stringify({ url: peer.url, webhookSecret: peer.webhookSecret })}\n`);
}
