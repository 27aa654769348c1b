import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';
import { upcomingPages } from './upcoming';

const ComingSoonPage = lazy(() => import('./ComingSoonPage'));

/**
 * The menu entries whose screens come with later work (spec §2): each leads to a page saying what
 * it will do ("in arrivo") until it exists.
 */
export const comingSoonRoutes: FeatureRoutes = {
  area: Object.entries(upcomingPages).map(([path, { menu }]) => ({ path, page: ComingSoonPage, menu })),
};
