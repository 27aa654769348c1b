import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import { lazy } from 'react';
import { listAndRecord, type Feature } from '../../app/feature';

const CasesPage = lazy(() => import('./CasesPage'));
const CasePage = lazy(() => import('./CasePage'));

/**
 * Issue [14]: "I miei casi", complaints on collaboration sessions and disputes on orders. The shop's
 * people read theirs at /complaints (as /notifications, outside a role's area: shopkeeper and
 * collaborator alike), the customer in their own area (/customer/complaints, spec §2's customer
 * area). Filed from a session (features/collaboration-sessions) or an order (features/orders).
 */
export const complaintsFeature: Feature<'complaint'> = {
  name: 'complaints',
  area: [
    ...listAndRecord('/complaints', CasesPage, CasePage, {
      shopkeeper: { place: 88, label: 'I miei casi', icon: ReportProblemIcon },
      collaborator: { place: 75, label: 'I miei casi', icon: ReportProblemIcon },
    }),
    ...listAndRecord('/customer/complaints', CasesPage, CasePage, { customer: { place: 25, label: 'I miei casi', icon: ReportProblemIcon } }),
  ],
  backOffice: [{ place: 37.4, to: '/admin/complaints', label: 'Reclami e contestazioni', icon: ReportProblemIcon }],
  history: { complaint: 'complaints' },
};
