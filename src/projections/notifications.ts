import type pg from 'pg';
import type { StoreEvent } from '../domain/stores/decider.js';
import type { RecordedEvent } from '../eventstore/types.js';
import { byEventType, type Projection } from './projection.js';

/** A notification per event that concerns someone; its id is the event's, so replays add none twice. */
function notify(tx: pg.ClientBase, event: RecordedEvent, userId: string, title: string, message: string, link: string | null) {
  return tx.query(
    'INSERT INTO notifications (id, user_id, title, message, link, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING',
    [event.id, userId, title, message, link, event.metadata.at],
  );
}

/** The `notifications` read model: what each user is told, in Italian. */
export const notificationsProjection: Projection = {
  name: 'notifications',
  version: 1,
  tables: ['notifications'],
  apply: byEventType<StoreEvent>({
    StoreApproved: (event, tx) =>
      notify(tx, event, event.data.ownerId, 'Negozio approvato', `«${event.data.name}» è online: i clienti della zona ora possono trovarlo.`, '/dashboard/shopkeeper'),
    StoreSuspended: (event, tx) =>
      notify(tx, event, event.data.ownerId, 'Negozio sospeso', `«${event.data.name}» è stato sospeso. Motivo: ${event.data.reason}`, '/dashboard/shopkeeper'),
    StoreReactivated: (event, tx) =>
      notify(tx, event, event.data.ownerId, 'Negozio riattivato', `«${event.data.name}» è di nuovo visibile ai clienti.`, '/dashboard/shopkeeper'),
  }),
};
