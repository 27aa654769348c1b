import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const cartRoutes: FeatureRoutes = {
  area: [{ path: '/customer/cart', page: lazy(() => import('./CartPage')) }],
  menus: {
    customer: [{ place: 30, to: '/customer/cart', label: 'Carrello', icon: 'cart' }],
  },
};
