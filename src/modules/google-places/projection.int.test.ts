import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { googlePlaceDecider, googlePlaceStreamId } from './google-place.js';
import { storeGooglePlacesProjection } from './projection.js';

describe('store google places projection', () => {
  const spec = useProjection(storeGooglePlacesProjection);
  const log = new EventLog('2026-12-03T10:00:00.000Z');

  it('keeps each shop’s place and when it was linked; a new place replaces it, unlinking removes it', async () => {
    const [kept, moved, gone] = [randomUUID(), randomUUID(), randomUUID()];
    const at = new Date('2026-12-03T10:00:00.000Z');
    const later = new Date('2026-12-04T10:00:00.000Z');
    await spec.apply([
      ...log.decide(googlePlaceStreamId(kept), googlePlaceDecider, { type: 'LinkGooglePlace', storeId: kept, placeId: 'ChIJforno-monti-123' }, { at }),
      ...log.decide(googlePlaceStreamId(moved), googlePlaceDecider, { type: 'LinkGooglePlace', storeId: moved, placeId: 'ChIJprima-sede-123' }, { at }),
      ...log.decide(googlePlaceStreamId(moved), googlePlaceDecider, { type: 'LinkGooglePlace', storeId: moved, placeId: 'ChIJnuova-sede-456' }, { at: later }),
      ...log.decide(googlePlaceStreamId(gone), googlePlaceDecider, { type: 'LinkGooglePlace', storeId: gone, placeId: 'ChIJchiuso-789xx' }, { at }),
      ...log.decide(googlePlaceStreamId(gone), googlePlaceDecider, { type: 'UnlinkGooglePlace', storeId: gone }, { at: later }),
    ]);
    const rows = await spec.rows('SELECT store_id, place_id, linked_at FROM store_google_places');
    expect(rows).toEqual(
      expect.arrayContaining([
        { store_id: kept, place_id: 'ChIJforno-monti-123', linked_at: at },
        { store_id: moved, place_id: 'ChIJnuova-sede-456', linked_at: later },
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});
