import { byEventType, type Projection } from '../../platform/projections/projection.js';
import { erasureStreamId, type ErasureEvent } from './erasure.js';

const userOf = (streamId: string): string => streamId.slice(erasureStreamId('').length);

/** The erasures, each from its request to its completion (the admin's list, the person's settings). */
export const erasuresProjection: Projection = {
  name: 'erasures',
  title: 'Cancellazioni dei dati',
  version: 1,
  tables: ['erasures'],
  apply: byEventType<ErasureEvent>({
    ErasureRequested: ({ data, metadata }, tx) =>
      tx.query(
        `INSERT INTO erasures (user_id, role, requested_by, status, requested_at, due_at, updated_at)
         VALUES ($1, $2, $3, 'requested', $4, $5, $6) ON CONFLICT (user_id) DO NOTHING`,
        [data.userId, data.role, data.by, data.requestedAt, data.dueAt, metadata.at],
      ),
    ErasureWaiting: ({ streamId, data, metadata }, tx) =>
      tx.query(`UPDATE erasures SET status = 'waiting', open_orders = $2, waiting_since = COALESCE(waiting_since, $3), updated_at = $4 WHERE user_id = $1`, [
        userOf(streamId),
        data.openOrders,
        data.since,
        metadata.at,
      ]),
    ErasureCarriedOut: ({ streamId, data, metadata }, tx) =>
      tx.query(`UPDATE erasures SET status = 'carried_out', open_orders = 0, keys_erased = $2, read_models = $3, carried_out_at = $4, updated_at = $5 WHERE user_id = $1`, [
        userOf(streamId),
        data.keys,
        data.readModels,
        data.carriedOutAt,
        metadata.at,
      ]),
    ErasureCompleted: ({ streamId, data, metadata }, tx) =>
      tx.query(`UPDATE erasures SET status = 'completed', completed_at = $2, updated_at = $3 WHERE user_id = $1`, [userOf(streamId), data.completedAt, metadata.at]),
  }),
};
