import { execFile, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startChatPeer } from '../../../tests/support/chat-peer.js';

/*
 * The tests' loopback chat-completions server (tests/support/chat-peer.ts) in a process of its
 * own, as the model is another machine: its work does not share the measured server's event loop.
 * Run as a script it starts the peer and prints its URL; `chatProcess()` starts it so.
 */
const thisFile = fileURLToPath(import.meta.url);

export async function chatProcess(): Promise<{ url: string; stop(): void }> {
  const child: ChildProcess = execFile(process.execPath, ['--import', 'tsx', thisFile, '--serve'], { maxBuffer: 1 << 20 });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`the chat peer stopped (${code})`)));
  });
  const { url } = JSON.parse(line) as { url: string };
  return { url, stop: () => child.kill() };
}

if (process.argv.includes('--serve')) {
  const peer = await startChatPeer();
  process.stdout.write(`${JSON.stringify({ url: peer.baseUrl })}\n`);
}
