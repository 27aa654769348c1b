import type { Pool } from '../db/pool.js';
import type { Upcaster } from './upcasting.js';
import { openEvents, sealEvents, type PersonalData, type PersonalKeys } from './personal-data.js';

/** Rows sealed per statement. */
const batchSize = 500;

/**
 * Seals the personal values of the events stored before their fields were declared personal (the
 * log of an older Vicino, or a field declared since): each event of such a type is read in today's
 * shape (its upcaster, as every reader reads it) and stored again sealed, through the same code that
 * seals every append. The rest of each event — its id, stream, position, metadata — stays as it was.
 * Once per declaration: the event types done and by which declaration are noted in
 * `personal_data_sealed`. PostgreSQL's log only (EventStoreDB's events cannot be changed in place).
 * Returns how many events were sealed now.
 */
export async function sealStoredEvents(pool: Pool, declarations: PersonalData, keys: PersonalKeys, upcasters: Readonly<Record<string, Upcaster>> = {}): Promise<number> {
  const { rows: done } = await pool.query<{ event_type: string; signature: string }>('SELECT event_type, signature FROM personal_data_sealed');
  const sealedBy = new Map(done.map((row) => [row.event_type, row.signature]));
  const due = [...declarations.signatures].filter(([type, signature]) => sealedBy.get(type) !== signature);
  if (due.length === 0) return 0;
  const client = await pool.connect();
  let count = 0;
  try {
    // One process seals; another starting meanwhile waits, then finds the work done.
    await client.query("SELECT pg_advisory_lock(hashtext('vicino personal data sealing'))");
    for (const [type, signature] of due) {
      const { rows: now } = await client.query<{ signature: string }>('SELECT signature FROM personal_data_sealed WHERE event_type = $1', [type]);
      if (now[0]?.signature === signature) continue;
      const upcast = upcasters[type];
      for (let after = 0; ; ) {
        const { rows } = await client.query<{ global_position: number; stream_id: string; data: Record<string, unknown>; metadata: { actorUserId: string | null } }>(
          'SELECT global_position, stream_id, data, metadata FROM es_events WHERE type = $1 AND global_position > $2 ORDER BY global_position LIMIT $3',
          [type, after, batchSize],
        );
        if (rows.length === 0) break;
        after = rows[rows.length - 1]!.global_position;
        // As every reader reads them (opened, then in today's shape), then sealed by today's declaration.
        const opened = await openEvents(
          rows.map((row) => ({ streamId: row.stream_id, type, data: row.data, metadata: row.metadata })),
          keys,
        );
        const read = opened.map((event) => ({ ...event, data: upcast && event.data && typeof event.data === 'object' ? upcast(event.data) : event.data }));
        const sealed = await sealEvents(read, declarations, keys);
        const changed = rows.flatMap((row, i) => (sealed[i]!.data !== row.data ? [{ position: row.global_position, data: sealed[i]!.data }] : []));
        if (changed.length) {
          await client.query('UPDATE es_events e SET data = x.data FROM unnest($1::bigint[], $2::json[]) AS x (position, data) WHERE e.global_position = x.position', [
            changed.map((c) => c.position),
            changed.map((c) => JSON.stringify(c.data)),
          ]);
          count += changed.length;
        }
      }
      await client.query(
        'INSERT INTO personal_data_sealed (event_type, signature) VALUES ($1, $2) ON CONFLICT (event_type) DO UPDATE SET signature = EXCLUDED.signature, sealed_at = now()',
        [type, signature],
      );
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtext('vicino personal data sealing'))").catch(() => {});
    client.release();
  }
  return count;
}
