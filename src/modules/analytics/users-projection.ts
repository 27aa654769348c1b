import type { UserEvent } from '../users/user.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { romeDay } from './orders-projection.js';
import { reading, type Projection } from '../../platform/projections/projection.js';

type Registered = RecordedEvent<'UserRegistered', Extract<UserEvent, { type: 'UserRegistered' }>['data']>;

/**
 * Sign-ups per day of the Rome calendar and role (`GET /api/admin/analytics`): the role a user
 * registered with, a later role change does not move them. One statement per batch, since a
 * large import brings thousands of registrations at once.
 */
export const analyticsUsersProjection: Projection = {
  name: 'analytics-users',
  title: 'Analisi dei nuovi utenti',
  version: 1,
  tables: ['analytics_users_daily'],
  apply: reading(['UserRegistered'], async (events, tx) => {
    const registered = events.filter((e): e is Registered => e.type === 'UserRegistered');
    if (registered.length === 0) return;
    await tx.query(
      `INSERT INTO analytics_users_daily (day, role, count)
       SELECT ${romeDay('r.at')}, r.role, count(*) FROM unnest($1::timestamptz[], $2::text[]) AS r (at, role) GROUP BY 1, 2
       ON CONFLICT (day, role) DO UPDATE SET count = analytics_users_daily.count + EXCLUDED.count`,
      [registered.map((e) => e.metadata.at), registered.map((e) => e.data.role)],
    );
  }),
};
