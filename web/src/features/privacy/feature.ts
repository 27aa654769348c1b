import GavelIcon from '@mui/icons-material/Gavel';
import HistoryToggleOffIcon from '@mui/icons-material/HistoryToggleOff';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

const PrivacyPage = lazy(() => import('./PrivacyPage'));
const PrivacyPolicyPage = lazy(async () => ({ default: (await import('./LegalPage')).PrivacyPolicyPage }));
const TermsPage = lazy(async () => ({ default: (await import('./LegalPage')).TermsPage }));

/** Personal data (issue [21]): each person's own page (their export, their erasure); the admin's erasures and retention. */
export const privacyFeature: Feature<'erasure'> = {
  name: 'privacy',
  public: [
    { path: '/privacy', page: PrivacyPolicyPage },
    { path: '/termini', page: TermsPage },
  ],
  area: [
    { path: '/customer/privacy', page: PrivacyPage, menu: { customer: { place: 85, label: 'Privacy e dati', icon: PrivacyTipIcon } } },
    { path: '/shopkeeper/privacy', page: PrivacyPage, menu: { shopkeeper: { place: 95, label: 'Privacy e dati', icon: PrivacyTipIcon } } },
    { path: '/collaborator/privacy', page: PrivacyPage, menu: { collaborator: { place: 85, label: 'Privacy e dati', icon: PrivacyTipIcon } } },
  ],
  backOffice: [
    { place: 57, to: '/admin/erasures', label: 'Cancellazioni dati', icon: PrivacyTipIcon },
    { place: 58, to: '/admin/retention', label: 'Conservazione dei dati', icon: HistoryToggleOffIcon },
    { place: 59, to: '/admin/legal', label: 'Informativa e termini', icon: GavelIcon },
  ],
  history: { erasure: 'erasures' },
};
