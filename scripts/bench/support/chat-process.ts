import { fileURLToPath } from 'node:url';
import { startChatPeer } from '../../../tests/support/chat-peer.js';
import { peerProcess } from './peer-process.js';

/* The tests' loopback chat-completions server (tests/support/chat-peer.ts) in a process of its own (peer-process.ts). */
const thisFile = fileURLToPath(import.meta.url);

export const chatProcess = () => peerProcess<{ url: string }>(thisFile, 'chat');

if (process.argv.includes('--serve')) {
  const peer = await startChatPeer();
  process.stdout.write(`${JSON.stringify({ url: peer.baseUrl })}\n`);
}
