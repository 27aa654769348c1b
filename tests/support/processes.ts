import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { alwaysOpen } from './marketplace.js';
import { hangAfter } from './time-limits.js';

/*
 * Vicino as separate app processes (`src/main.ts`, as `npm start` runs it) on one database, for
 * issue [15]'s tests: each its own port and DATA_DIR, all the same DATABASE_URL and SESSION_KEY.
 */

export interface AppProcess {
  name: string;
  child: ChildProcess;
  url: string;
  output(): string;
  /** Killed with SIGKILL (kill -9): no shutdown step runs, its connections just drop. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export async function startAppProcess(
  name: string,
  {
    databaseUrl,
    sessionKey,
    seed = false,
    env = {},
  }: {
    databaseUrl: string;
    sessionKey: string;
    seed?: boolean;
    env?: Record<string, string>;
  },
): Promise<AppProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `vicino-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SESSION_KEY: sessionKey,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED: seed ? 'true' : 'false',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name}: no start in ${hangAfter(120_000) / 1000} s:\n${out}`)), hangAfter(120_000));
    const look = () => {
      const match = /pronto su (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout.on('data', look);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${out}`));
    });
  });
  const exited = once(child, 'exit');
  const cleanUp = () => rm(dataDir, { recursive: true, force: true });
  return {
    name,
    child,
    url,
    output: () => out,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
      await cleanUp();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
        await exited;
      }
      await cleanUp();
    },
  };
}

/** Three processes a, b, c on one database: the first seeds the demo, the others join the running site. */
export async function startThree(databaseUrl: string, sessionKey: string): Promise<AppProcess[]> {
  const first = await startAppProcess('a', { databaseUrl, sessionKey, seed: true });
  return [first, ...(await Promise.all(['b', 'c'].map((name) => startAppProcess(name, { databaseUrl, sessionKey }))))];
}

/** A browser's cookie jar for one site's sessions, usable against every process (they share the key). */
export class Client {
  /** The session's cookie, for calls made without this client (a live stream). */
  cookie = '';

  async request(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown; headers: Headers }> {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    // As a browser keeps them: each cookie by its name, the others left as they were.
    const set = res.headers.getSetCookie();
    if (set.length) {
      const jar = new Map(this.cookie ? this.cookie.split('; ').map((c) => [c.slice(0, c.indexOf('=')), c] as const) : []);
      for (const line of set) {
        const pair = line.split(';')[0]!;
        const name = pair.slice(0, pair.indexOf('='));
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || pair === `${name}=`) jar.delete(name);
        else jar.set(name, pair);
      }
      this.cookie = [...jar.values()].join('; ');
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json, headers: res.headers };
  }

  static async loggedIn(base: string, username: string, password: string): Promise<Client> {
    const client = new Client();
    const login = await client.request(base, 'POST', '/api/login', { username, password });
    if (login.status !== 200) throw new Error(`login ${username}: ${login.status} ${JSON.stringify(login.json)}`);
    return client;
  }
}

/** Where a shop opened over the processes stands unless a test says: central Rome. */
const inRome = { address: 'Via Cavour 1, Roma', latitude: 41.895, longitude: 12.494 };
/** What it sells unless a test says: bread, ten loaves in stock. */
const bread = { name: 'Pane', price: 2.5, stockQuantity: 10 };

/**
 * A new shopkeeper's shop, open for orders, made over several processes as a proxy would spread
 * the calls: registered on `register` (as `owner` and the time, so each run has its own), the shop
 * `shop` created on `store` at `place`, approved on `approve` by the admin logged in on `admin`, one
 * `product` added on `product`.
 */
export async function openShopOver(
  via: Record<'register' | 'store' | 'admin' | 'approve' | 'product', AppProcess>,
  {
    owner: who,
    name,
    shop,
    place = inRome,
    product = bread,
  }: {
    owner: string;
    name: string;
    shop: string;
    place?: { address: string; latitude: number; longitude: number };
    product?: { name: string; price: number; stockQuantity: number };
  },
): Promise<{ owner: Client; store: { id: string }; product: { id: string } }> {
  const owner = new Client();
  const username = `${who}-${Date.now()}`;
  expect(
    (await owner.request(via.register.url, 'POST', '/api/register', { username, name, email: `${username}@esempio.it`, password: 'segreta12', role: 'shopkeeper' })).status,
  ).toBe(201);
  const store = (await owner.request(via.store.url, 'POST', '/api/stores', { name: shop, ...place, openingHours: alwaysOpen, category: 'alimentari' })).json as { id: string };
  const admin = await Client.loggedIn(via.admin.url, 'admin', 'vicino-admin');
  expect((await admin.request(via.approve.url, 'POST', `/api/admin/stores/${store.id}/approve`)).status).toBe(200);
  const added = (await owner.request(via.product.url, 'POST', '/api/products', { ...product, category: 'alimentari' })).json as { id: string };
  return { owner, store, product: added };
}
