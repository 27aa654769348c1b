import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

const PrivacyPage = lazy(() => import('./PrivacyPage'));

/** Personal data (issue [21]): each person's own page, and the admin's erasures. */
export const privacyFeature: Feature<'erasure'> = {
  name: 'privacy',
  area: [
    { path: '/customer/privacy', page: PrivacyPage, menu: { customer: { place: 85, label: 'Privacy e dati', icon: PrivacyTipIcon } } },
    { path: '/shopkeeper/privacy', page: PrivacyPage, menu: { shopkeeper: { place: 95, label: 'Privacy e dati', icon: PrivacyTipIcon } } },
    { path: '/collaborator/privacy', page: PrivacyPage, menu: { collaborator: { place: 85, label: 'Privacy e dati', icon: PrivacyTipIcon } } },
  ],
  backOffice: [{ place: 57, to: '/admin/erasures', label: 'Cancellazioni dati', icon: PrivacyTipIcon }],
  history: { erasure: 'erasures' },
};
