import type { DomainEvent } from '../domain/decider.js';
import { reading, type Projection } from './projection.js';

/**
 * A settings read model: one row of `table` holding the fields changed from the defaults, merged
 * with each `<…>Updated` event's changes (site, Google Maps and OpenAI settings share the shape);
 * db/settings-row.ts reads it.
 */
export function settingsRowProjection(name: string, title: string, table: string, eventType: string): Projection {
  return {
    name,
    title,
    version: 1,
    tables: [table],
    apply: reading([eventType], async (events, tx) => {
      for (const event of events) {
        if (event.type !== eventType) continue;
        await tx.query(
          `INSERT INTO ${table} (id, settings) VALUES (1, $1::jsonb)
           ON CONFLICT (id) DO UPDATE SET settings = ${table}.settings || EXCLUDED.settings`,
          [JSON.stringify((event as unknown as DomainEvent<string, { changes: object }>).data.changes)],
        );
      }
    }),
  };
}
