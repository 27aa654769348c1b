import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const checkoutRoutes: FeatureRoutes = {
  area: [
    { path: '/customer/checkout', page: lazy(() => import('./CheckoutPage')) },
    { path: '/customer/checkout/confirmation', page: lazy(() => import('./OrderConfirmationPage')) },
  ],
};
