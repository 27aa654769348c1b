import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const ordersRoutes: FeatureRoutes = {
  area: [
    { path: '/shopkeeper/orders', page: lazy(() => import('./shop/OrdersPage')), menu: { shopkeeper: { place: 30, label: 'Ordini', icon: 'orders' } } },
    { path: '/shopkeeper/orders/:id', page: lazy(() => import('./shop/OrderDetailPage')) },
    { path: '/customer/orders', page: lazy(() => import('./customer/OrdersPage')), menu: { customer: { place: 20, label: 'I miei ordini', icon: 'orders' } } },
    { path: '/customer/orders/:id', page: lazy(() => import('./customer/OrderPage')) },
  ],
  backOffice: [{ place: 50, to: '/admin/orders', label: 'Ordini', icon: 'orders' }],
};
