import type { Feature } from '../../app/feature';
import HomePage from './HomePage';

/* The home page is the one page in the first chunk: the first load stays small and fast. */
export const homeFeature: Feature = {
  name: 'home',
  public: [{ path: '/', page: HomePage }],
};
