import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { GooglePlaceEvent } from './google-place.js';

/** Which shop is linked to which Google place (issue [22]): the shop page, the upkeep and the admin's list read it. */
export const storeGooglePlacesProjection: Projection = {
  name: 'store-google-places',
  title: 'Negozi collegati a Google',
  version: 1,
  tables: ['store_google_places'],
  apply: byEventType<GooglePlaceEvent>({
    StoreGooglePlaceLinked: ({ data, metadata }, tx) =>
      tx.query(
        `INSERT INTO store_google_places (store_id, place_id, linked_at) VALUES ($1, $2, $3)
         ON CONFLICT (store_id) DO UPDATE SET place_id = $2, linked_at = $3`,
        [data.storeId, data.placeId, metadata.at],
      ),
    StoreGooglePlaceUnlinked: ({ data }, tx) => tx.query('DELETE FROM store_google_places WHERE store_id = $1', [data.storeId]),
  }),
};
