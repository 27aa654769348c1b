import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const checkoutFeature: Feature = {
  name: 'checkout',
  area: [
    { path: '/customer/checkout', page: lazy(() => import('./CheckoutPage')) },
    { path: '/customer/checkout/confirmation', page: lazy(() => import('./OrderConfirmationPage')) },
  ],
};
