import { scenario, worldIds } from '../../platform/testing/accepted-events.js';
import { googlePlaceDecider, googlePlaceStreamId, type GooglePlaceCommand } from './google-place.js';

// The world's shop linked to its Google place, then unlinked (issue [22]).
export const scenarios = [
  scenario<GooglePlaceCommand>(
    'store google places',
    googlePlaceStreamId(worldIds.store),
    googlePlaceDecider,
    [],
    [
      { type: 'LinkGooglePlace', storeId: worldIds.store, placeId: 'ChIJ-forno-del-mondo-1234' },
      { type: 'UnlinkGooglePlace', storeId: worldIds.store },
    ],
    { world: true },
  ),
];
