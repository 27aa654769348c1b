import { describe, expect, it } from 'vitest';
import { followNotifications, parseNotification, reconnectDelay, type StreamSource } from './api';

describe('notification stream helpers', () => {
  it('waits longer after each failed reconnection, never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('reads a notification event and ignores anything else', () => {
    const n = { id: 'n1', title: 'Ordine pronto', message: 'Passa a ritirarlo', read: false, link: '/customer/orders/o1', createdAt: '2025-01-01T10:00:00Z' };
    expect(parseNotification(JSON.stringify(n))).toEqual(n);
    expect(parseNotification('not json')).toBeNull();
    expect(parseNotification('{"hello":1}')).toBeNull();
    expect(parseNotification(undefined)).toBeNull();
  });
});

/** An EventSource the test drives: the server's side is played by its methods. */
class FakeSource implements StreamSource {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, (event: MessageEvent) => void>();
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.readyState = 2;
  }
  opens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  sends(type: string, data: string) {
    this.listeners.get(type)?.(new MessageEvent(type, { data }));
  }
  /** The server answered an error status (the browser gives up) or the connection dropped (it retries by itself). */
  fails(giveUp: boolean) {
    this.readyState = giveUp ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
}

/** followNotifications with every outside effect recorded; `loggedIn` is what reading the user answers. */
function follow(loggedIn: boolean) {
  const sources: FakeSource[] = [];
  const delays: number[] = [];
  const pending: (() => void)[] = [];
  const shown: (() => void)[] = [];
  const seen: string[] = [];
  let resumed = 0;
  const stop = followNotifications({
    connect: () => {
      const source = new FakeSource();
      sources.push(source);
      return source;
    },
    stillLoggedIn: async () => loggedIn,
    onNotification: (n) => seen.push(n?.title ?? '?'),
    onResumed: () => resumed++,
    whenShown: (callback) => {
      shown.push(callback);
      return () => shown.splice(shown.indexOf(callback), 1);
    },
    later: (callback, ms) => {
      delays.push(ms);
      pending.push(callback);
      return () => pending.splice(pending.indexOf(callback), 1);
    },
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { sources, delays, pending, shown, seen, stop, settle, resumed: () => resumed };
}

describe('following the notification stream', () => {
  const note = JSON.stringify({ id: 'n1', title: 'Ordine pronto', message: '', read: false, link: null, createdAt: '' });

  it('stops for good when the server ends the stream because the session ended and the user is logged out', async () => {
    const f = follow(false);
    f.sources[0]!.opens();
    f.sources[0]!.sends('end', 'session');
    await f.settle();
    expect(f.sources[0]!.readyState).toBe(2);
    expect(f.sources).toHaveLength(1);
    expect(f.pending).toHaveLength(0);
  });

  it('opens again at once when the session ended but the user is still logged in (a new password in this tab)', async () => {
    const f = follow(true);
    f.sources[0]!.opens();
    f.sources[0]!.sends('end', 'session');
    await f.settle();
    expect(f.sources).toHaveLength(2);
    f.sources[1]!.opens();
    f.sources[1]!.sends('notification', note);
    expect(f.seen).toEqual(['Ordine pronto']);
    expect(f.resumed()).toBe(1);
  });

  it('does not knock for ever at a stream refused to a logged-out page', async () => {
    const f = follow(false);
    f.sources[0]!.fails(true);
    await f.settle();
    expect(f.sources).toHaveLength(1);
    expect(f.pending).toHaveLength(0);
  });

  it('tries a refused stream again after a growing delay while the user is logged in', async () => {
    const f = follow(true);
    for (let i = 0; i < 3; i++) {
      f.sources[i]!.fails(true);
      await f.settle();
      f.pending.shift()!();
    }
    expect(f.delays).toEqual([1000, 2000, 4000]);
    expect(f.sources).toHaveLength(4);
  });

  it('leaves a dropped connection to the browser, which reconnects by itself', async () => {
    const f = follow(false);
    f.sources[0]!.opens();
    f.sources[0]!.fails(false);
    await f.settle();
    expect(f.sources).toHaveLength(1);
    expect(f.sources[0]!.readyState).toBe(0);
  });

  it('waits, once replaced by a newer stream of the user, until its page is shown again', async () => {
    const f = follow(true);
    f.sources[0]!.opens();
    f.sources[0]!.sends('end', 'replaced');
    await f.settle();
    expect(f.sources).toHaveLength(1);
    f.shown.shift()!();
    expect(f.sources).toHaveLength(2);
  });

  it('closes the stream and what it waits for when stopped', async () => {
    const f = follow(true);
    f.sources[0]!.opens();
    f.sources[0]!.sends('end', 'replaced');
    f.stop();
    expect(f.shown).toHaveLength(0);
    const g = follow(true);
    g.stop();
    expect(g.sources[0]!.readyState).toBe(2);
  });
});
