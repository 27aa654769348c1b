import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

export const paymentsRoutes: FeatureRoutes = {
  // The sandbox's hosted page stands alone, as a provider's page would.
  standalone: [{ path: '/pagamenti/prova/:paymentId', page: lazy(() => import('./SandboxPaymentPage')) }],
  backOffice: [
    { place: 52, to: '/admin/payments', label: 'Pagamenti', icon: 'earnings' },
    { place: 62, to: '/admin/payment-settings', label: 'Impostazioni dei pagamenti', icon: 'settings' },
  ],
};
