import type { FeatureRoutes } from '../../app/feature';
import HomePage from './HomePage';

/* The home page is the one page in the first chunk: the first load stays small and fast. */
export const homeRoutes: FeatureRoutes = {
  public: [{ path: '/', page: HomePage }],
};
