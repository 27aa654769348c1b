import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadCache } from './read-cache.js';

/** The two things a cache asks of the projection host: what it keeps, and the changes of its read models (told by `change`). */
function host() {
  const listeners: Array<(name: string) => void> = [];
  return {
    keepsInMemory: () => {},
    onReadModelChanged: (listener: (name: string) => void) => listeners.push(listener),
    change: (name: string) => listeners.forEach((listener) => listener(name)),
  };
}

/** A cache over `products`, and how many times each key's answer was computed. */
function cacheOf(maxEntries = 2_000, maxAgeMs = 30_000) {
  const projections = host();
  const cache = new ReadCache(projections, ['products'], maxEntries, maxAgeMs);
  const computed = new Map<string, number>();
  const ask = (key: string) =>
    cache.text(key, async () => {
      const n = (computed.get(key) ?? 0) + 1;
      computed.set(key, n);
      return `${key} #${n}`;
    });
  return { cache, projections, computed, ask };
}

describe('ReadCache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps an answer from its second ask on, and serves it from then', async () => {
    const { ask, computed } = cacheOf();
    expect(await ask('pane')).toBe('pane #1');
    expect(await ask('pane')).toBe('pane #2');
    expect(await ask('pane')).toBe('pane #2');
    expect(await ask('pane')).toBe('pane #2');
    expect(computed.get('pane')).toBe(2);
  });

  it('keeps the answers asked again when many are asked once (they do not push them out)', async () => {
    const { ask, computed } = cacheOf(2);
    await ask('pane');
    await ask('pane');
    for (let i = 0; i < 1_000; i++) await ask(`parola ${i}`);
    expect(await ask('pane')).toBe('pane #2');
    expect(computed.get('pane')).toBe(2);
    // Still the two most recently used, as before.
    await ask('vino');
    await ask('vino');
    await ask('olio');
    await ask('olio');
    expect(await ask('pane')).toBe('pane #3');
  });

  it('forgets every answer when one of its read models changes, not when another does, and keeps one asked before at its next ask', async () => {
    const { ask, projections } = cacheOf();
    await ask('pane');
    await ask('pane');
    projections.change('orders');
    expect(await ask('pane')).toBe('pane #2');
    projections.change('products');
    expect(await ask('pane')).toBe('pane #3');
    expect(await ask('pane')).toBe('pane #3');
  });

  it('does not keep an answer computed while its read models changed', async () => {
    const { cache, projections } = cacheOf();
    let n = 0;
    const slow = () =>
      cache.text('pane', async () => {
        n++;
        if (n === 2) projections.change('products');
        return `pane #${n}`;
      });
    await slow();
    expect(await slow()).toBe('pane #2');
    expect(await slow()).toBe('pane #3');
    expect(await slow()).toBe('pane #3');
  });

  it('answers afresh once a kept answer is older than its age, and asks twice again to keep one', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-29T10:00:00Z') });
    const { ask } = cacheOf(2_000, 30_000);
    await ask('pane');
    await ask('pane');
    vi.advanceTimersByTime(29_000);
    expect(await ask('pane')).toBe('pane #2');
    vi.advanceTimersByTime(2_000);
    expect(await ask('pane')).toBe('pane #3');
    expect(await ask('pane')).toBe('pane #4');
    expect(await ask('pane')).toBe('pane #4');
    // A key asked once long ago counts as never asked.
    await ask('olio');
    vi.advanceTimersByTime(31_000);
    expect(await ask('olio')).toBe('olio #2');
    expect(await ask('olio')).toBe('olio #3');
    expect(await ask('olio')).toBe('olio #3');
  });
});
