import type { ModuleManifest } from '../../platform/module.js';
import { favoritesPersonalExport } from './personal-export.js';
import { favoritesDecider, favoritesStreamId } from './favorites.js';
import { favoritesProjection } from './projection.js';
import { favoriteRoutes } from './routes.js';

/** The shops a customer keeps close. */
export const favoritesModule: ModuleManifest = {
  name: 'favorites',
  routes: [favoriteRoutes],
  projections: [favoritesProjection],
  personalExport: favoritesPersonalExport,
  events: {
    FavoriteAdded: 'Negozio aggiunto ai preferiti',
    FavoriteRemoved: 'Negozio tolto dai preferiti',
  },
  audited: { favorites: { stream: favoritesStreamId, decider: (id) => favoritesDecider(id) } },
};
