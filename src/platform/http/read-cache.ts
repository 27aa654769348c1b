import type { ProjectionHost } from '../projections/host.js';

/**
 * Answers of hot public reads (the nearby search), kept as ready JSON until one of the read
 * models they come from changes — in this process or another, which the projection host hears
 * of; not when it only moves past events it does not read — or until they are `maxAgeMs` old
 * (answers that say "open now" age with the clock). A write is never hidden from its author: its
 * command answers only after the read model changed, and by then the cache is empty; on another
 * process, the author's next request waits until that process heard of the write
 * (plugins/seen-position.ts). An answer computed while its read models changed is not kept: it
 * may hold the rows from before.
 *
 * An answer is kept from the second time it is asked within `maxAgeMs` (the first only notes its
 * key): most searches are asked once, and keeping each of their answers (a page of products, some
 * 15 kB) pushed the popular ones out and made every answer outlive the young generation of the heap,
 * copied and promoted by the garbage collector for nothing (bench:search, never-cached searches).
 */
export class ReadCache {
  private readonly entries = new Map<string, { text: string; at: number }>();
  /** The keys whose answers were computed, by when: an answer computed again within `maxAgeMs` is kept. */
  private readonly asked = new Map<string, number>();
  /** Counts the changes heard: an answer is kept only if none came while it was computed. */
  private generation = 0;

  constructor(
    projections: Pick<ProjectionHost, 'keepsInMemory' | 'onReadModelChanged'>,
    sources: string[],
    private readonly maxEntries = 2_000,
    private readonly maxAgeMs = 30_000,
  ) {
    const watched = new Set(sources);
    projections.keepsInMemory(watched);
    projections.onReadModelChanged((name) => {
      if (!watched.has(name)) return;
      this.generation++;
      this.entries.clear();
    });
  }

  /** The answer kept as JSON: computed and serialised once until the read models change. */
  json(key: string, compute: () => Promise<unknown>): Promise<string> {
    return this.text(key, async () => JSON.stringify(await compute()));
  }

  /** A text answer (a page) kept as it is. */
  async text(key: string, compute: () => Promise<string>): Promise<string> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && now - hit.at < this.maxAgeMs) {
      // Re-inserting keeps the Map in least-recently-used order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.text;
    }
    const generation = this.generation;
    const text = await compute();
    if (generation !== this.generation || !this.askedBefore(key, now)) return text;
    this.entries.set(key, { text, at: now });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return text;
  }

  /**
   * Whether `key` was asked within `maxAgeMs` before now; noted as asked now either way (a few times
   * as many keys as answers kept), so that a popular answer is kept again at its first ask after a
   * change of the read models emptied the cache.
   */
  private askedBefore(key: string, now: number): boolean {
    const before = this.asked.get(key);
    this.asked.delete(key);
    this.asked.set(key, now);
    if (this.asked.size > Math.max(64, 4 * this.maxEntries)) this.asked.delete(this.asked.keys().next().value!);
    return before !== undefined && now - before < this.maxAgeMs;
  }
}
