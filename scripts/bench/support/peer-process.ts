import { execFile, type ChildProcess } from 'node:child_process';

/**
 * A loopback peer of the tests (Stripe, a chat-completions model) in a process of its own, as the
 * service it plays is another machine: its work does not share the measured server's event loop.
 * `file` run with `--serve` starts the peer and prints what reaches it as one JSON line.
 */
export async function peerProcess<T>(file: string, name: string): Promise<T & { stop(): void }> {
  const child: ChildProcess = execFile(process.execPath, ['--import', 'tsx', file, '--serve'], { maxBuffer: 1 << 20 });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`the ${name} peer stopped (${code})`)));
  });
  return { ...(JSON.parse(line) as T), stop: () => child.kill() };
}
