import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const ordersFeature: Feature<'order'> = {
  name: 'orders',
  area: [
    { path: '/shopkeeper/orders', page: lazy(() => import('./shop/OrdersPage')), menu: { shopkeeper: { place: 30, label: 'Ordini', icon: ReceiptLongIcon } } },
    { path: '/shopkeeper/orders/:id', page: lazy(() => import('./shop/OrderDetailPage')) },
    { path: '/customer/orders', page: lazy(() => import('./customer/OrdersPage')), menu: { customer: { place: 20, label: 'I miei ordini', icon: ReceiptLongIcon } } },
    { path: '/customer/orders/:id', page: lazy(() => import('./customer/OrderPage')) },
  ],
  backOffice: [{ place: 50, to: '/admin/orders', label: 'Ordini', icon: ReceiptLongIcon }],
  history: { order: 'orders' },
};
