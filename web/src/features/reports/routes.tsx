import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

const ReportsPage = lazy(() => import('./ReportsPage'));
const ReportPage = lazy(() => import('./ReportPage'));

/** Issue [14]: the reports on assignments, for both sides (beside the assignments), and the back office's «Segnalazioni». */
export const reportsRoutes: FeatureRoutes = {
  area: [
    {
      path: '/collaborator/reports',
      page: ReportsPage,
      menu: { collaborator: { place: 31, label: 'Segnalazioni', icon: 'collaborations' }, shopkeeper: { place: 86, label: 'Segnalazioni', icon: 'tasks' } },
    },
    { path: '/collaborator/reports/:id', page: ReportPage },
  ],
  backOffice: [{ place: 37.4, to: '/admin/reports', label: 'Segnalazioni', icon: 'collaborations' }],
};
