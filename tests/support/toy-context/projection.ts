import { byEventType, type Projection } from '../../../src/platform/projections/projection.js';
import type { TallyEvent } from './tally.js';

/** Each tally's total, in the table its migration makes. */
export const tallyProjection: Projection = {
  name: 'toy-tallies',
  title: 'Conteggi di prova',
  version: 1,
  tables: ['toy_tallies'],
  apply: byEventType<TallyEvent>({
    ToyTallyCounted: (event, tx) =>
      tx.query('INSERT INTO toy_tallies (id, total) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET total = toy_tallies.total + EXCLUDED.total', [
        event.data.tallyId,
        event.data.by,
      ]),
  }),
};
