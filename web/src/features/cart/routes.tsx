import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const cartRoutes: FeatureRoutes = {
  area: [{ path: '/customer/cart', page: lazy(() => import('./CartPage')), menu: { customer: { place: 30, label: 'Carrello', icon: 'cart' } } }],
};
