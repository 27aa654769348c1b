import EuroIcon from '@mui/icons-material/Euro';
import SettingsIcon from '@mui/icons-material/Settings';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

export const paymentsFeature: Feature<'payment' | 'store-payment-accounts' | 'collaborator-payment-accounts'> = {
  name: 'payments',
  // The sandbox's hosted page stands alone, as a provider's page would.
  standalone: [
    { path: '/pagamenti/prova/:paymentId', page: lazy(() => import('./SandboxPaymentPage')) },
    // The test payments' onboarding of a shop's account, where Stripe's hosted onboarding would be.
    { path: '/pagamenti/prova/conto/:accountId', page: lazy(() => import('./SandboxAccountPage')) },
  ],
  backOffice: [
    { place: 52, to: '/admin/payments', label: 'Pagamenti', icon: EuroIcon },
    { place: 62, to: '/admin/payment-settings', label: 'Impostazioni dei pagamenti', icon: SettingsIcon },
  ],
  // A shop's payment accounts: their history is a tab of the shop's page, their fields named as the payments'.
  history: { payment: 'payments', 'store-payment-accounts': 'payments', 'collaborator-payment-accounts': 'payments' },
};
