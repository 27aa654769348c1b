import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';
import { upcomingPages } from './upcoming';

const ComingSoonPage = lazy(() => import('./ComingSoonPage'));

/**
 * The menu entries whose screens come with later work (spec §2): each leads to a page saying what
 * it will do ("in arrivo") until it exists.
 */
export const comingSoonRoutes: FeatureRoutes = {
  area: Object.keys(upcomingPages).map((path) => ({ path, page: ComingSoonPage })),
  menus: {
    shopkeeper: [{ place: 80, to: '/shopkeeper/collaborations', label: 'Collaborazioni', icon: 'collaborations' }],
    collaborator: [
      { place: 20, to: '/collaborator/tasks', label: 'Attività', icon: 'tasks' },
      { place: 30, to: '/collaborator/assignments', label: 'Incarichi', icon: 'collaborations' },
      { place: 40, to: '/collaborator/stores-map', label: 'Mappa negozi', icon: 'map' },
      { place: 50, to: '/collaborator/coverage-area', label: 'Area di copertura', icon: 'map' },
      { place: 60, to: '/collaborator/activate-session', label: 'Attiva sessione', icon: 'key' },
      { place: 70, to: '/collaborator/earnings', label: 'Guadagni', icon: 'earnings' },
      { place: 80, to: '/collaborator/profile', label: 'Profilo', icon: 'profile' },
    ],
  },
};
