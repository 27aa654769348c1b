import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const cartFeature: Feature = {
  name: 'cart',
  area: [{ path: '/customer/cart', page: lazy(() => import('./CartPage')), menu: { customer: { place: 30, label: 'Carrello', icon: ShoppingCartIcon } } }],
};
