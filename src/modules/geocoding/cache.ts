import type { Pool } from '../../platform/db/pool.js';
import type { GeocodingSource } from './contract.js';

/** How long a service's answer is kept: Google allows coordinates 30 days at most; the same for the others. */
export const geocodingCacheDays = 30;

/**
 * The services' answers kept in PostgreSQL (every API process shares them), so that the same
 * address typed again costs no request: by provider, call and the text asked (trimmed, lower
 * case) or the point (rounded to about 10 m). Older than 30 days, an answer is asked again.
 */
export class GeocodingCache {
  constructor(private readonly pool: Pool) {}

  static key(asked: string): string {
    return asked.trim().replace(/\s+/g, ' ').toLowerCase();
  }

  async read<T>(provider: GeocodingSource, call: string, asked: string, now = new Date()): Promise<T | null> {
    const { rows } = await this.pool.query<{ answer: T }>(
      `SELECT answer FROM geocoding_cache WHERE provider = $1 AND call = $2 AND asked = $3 AND created_at > $4::timestamptz - make_interval(days => $5)`,
      [provider, call, GeocodingCache.key(asked), now, geocodingCacheDays],
    );
    return rows[0]?.answer ?? null;
  }

  async write(provider: GeocodingSource, call: string, asked: string, answer: unknown, now = new Date()): Promise<void> {
    await this.pool.query(
      `INSERT INTO geocoding_cache (provider, call, asked, answer, created_at) VALUES ($1, $2, $3, $4::jsonb, $5)
       ON CONFLICT (provider, call, asked) DO UPDATE SET answer = EXCLUDED.answer, created_at = EXCLUDED.created_at`,
      [provider, call, GeocodingCache.key(asked), JSON.stringify(answer), now],
    );
  }

  /** The answers older than `cutoff` removed (the privacy retention's upkeep); how many. */
  async removeOlderThan(cutoff: Date): Promise<number> {
    return (await this.pool.query('DELETE FROM geocoding_cache WHERE created_at < $1', [cutoff])).rowCount ?? 0;
  }
}
