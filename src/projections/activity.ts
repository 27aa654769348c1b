import { redact } from '../eventstore/export.js';
import { positionParts } from '../eventstore/position.js';
import type { Projection } from './projection.js';

/** How many of the latest events the table keeps: more than any page of recent activity asks for. */
export const activityKept = 100;

/** Bookkeeping of unique values (usernames, slugs…): every registration makes two; not activity. */
const bookkeeping = new Set(['UniqueValueClaimed', 'UniqueValueReleased']);

/**
 * The latest events of the log, newest kept (`GET /api/admin/events/recent`, the admin
 * dashboard's recent activity). Secrets are masked before they are stored.
 */
export const activityProjection: Projection = {
  name: 'activity',
  version: 1,
  tables: ['admin_activity'],
  async apply(events, tx) {
    const latest = events.filter((e) => !bookkeeping.has(e.type)).slice(-activityKept);
    if (latest.length === 0) return;
    const parts = latest.map((e) => positionParts(e.position));
    // One statement: the trim sees the table as it was before this batch, so it keeps the latest
    // `activityKept` of before plus the batch's own (at most twice as many rows as kept).
    await tx.query(
      `WITH added AS (
         INSERT INTO admin_activity (log_major, log_minor, position, stream_id, type, at, actor_user_id, actor_role, data)
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::uuid[], $8::text[], $9::jsonb[])
         ON CONFLICT DO NOTHING
       )
       DELETE FROM admin_activity WHERE (log_major, log_minor) <
         (SELECT log_major, log_minor FROM admin_activity ORDER BY log_major DESC, log_minor DESC OFFSET $10 LIMIT 1)`,
      [
        parts.map(([major]) => major.toString()), parts.map(([, minor]) => minor.toString()), latest.map((e) => e.position),
        latest.map((e) => e.streamId), latest.map((e) => e.type), latest.map((e) => e.metadata.at),
        latest.map((e) => e.metadata.actorUserId), latest.map((e) => e.metadata.actorRole), latest.map((e) => JSON.stringify(redact(e.data))),
        activityKept - 1,
      ],
    );
  },
};
