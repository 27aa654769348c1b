import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const ordersRoutes: FeatureRoutes = {
  area: [
    { path: '/shopkeeper/orders', page: lazy(() => import('./shop/OrdersPage')) },
    { path: '/shopkeeper/orders/:id', page: lazy(() => import('./shop/OrderDetailPage')) },
    { path: '/customer/orders', page: lazy(() => import('./customer/OrdersPage')) },
    { path: '/customer/orders/:id', page: lazy(() => import('./customer/OrderPage')) },
  ],
  menus: {
    admin: [{ place: 50, to: '/admin/orders', label: 'Ordini', icon: 'orders' }],
    shopkeeper: [{ place: 30, to: '/shopkeeper/orders', label: 'Ordini', icon: 'orders' }],
    customer: [{ place: 20, to: '/customer/orders', label: 'I miei ordini', icon: 'orders' }],
  },
};
