import type { Feature } from '../../app/feature';

/* Its back office only (./admin). */
export const globalProductsFeature: Feature<'global-product'> = {
  name: 'global-products',
  history: { 'global-product': 'global-products' },
};
