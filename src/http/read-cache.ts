import type { ProjectionHost } from '../projections/host.js';

/**
 * Answers of hot public reads (the nearby search), kept as ready JSON until one of the read
 * models they come from changes — in this process or another, which the projection host hears
 * of; not when it only moves past events it does not read — or until they are `maxAgeMs` old
 * (answers that say "open now" age with the clock). A write is never hidden from its author: its
 * command answers only after the read model changed, and by then the cache is empty.
 */
export class ReadCache {
  private readonly entries = new Map<string, { json: string; at: number }>();

  constructor(
    projections: ProjectionHost,
    sources: string[],
    private readonly maxEntries = 2_000,
    private readonly maxAgeMs = 30_000,
  ) {
    const watched = new Set(sources);
    projections.onReadModelChanged((name) => {
      if (watched.has(name)) this.entries.clear();
    });
  }

  async json(key: string, compute: () => Promise<unknown>): Promise<string> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && now - hit.at < this.maxAgeMs) {
      // Re-inserting keeps the Map in least-recently-used order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.json;
    }
    const json = JSON.stringify(await compute());
    this.entries.set(key, { json, at: now });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return json;
  }
}
