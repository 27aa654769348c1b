import type { ModuleManifest } from '../../platform/module.js';
import { googlePlaceDecider, googlePlaceStreamId } from './google-place.js';
import { storeGooglePlacesProjection } from './projection.js';
import { googlePlacesRoutes } from './routes.js';
import { googlePlacesUpkeepJob } from './upkeep.js';

/** Issue [22]: shops linked to their Google place, its rating and photo on their page within Google's rules. */
export const googlePlacesModule: ModuleManifest = {
  name: 'google-places',
  migrations: new URL('./migrations/', import.meta.url),
  routes: [googlePlacesRoutes],
  projections: [storeGooglePlacesProjection],
  jobs: [googlePlacesUpkeepJob],
  events: {
    StoreGooglePlaceLinked: 'Negozio collegato al suo luogo su Google',
    StoreGooglePlaceUnlinked: 'Negozio scollegato da Google',
  },
  audited: { 'store-google-place': { stream: googlePlaceStreamId, decider: () => googlePlaceDecider } },
};
