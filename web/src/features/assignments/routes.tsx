import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

const AssignmentsPage = lazy(() => import('./AssignmentsPage'));
const AssignmentPage = lazy(() => import('./AssignmentPage'));
const EarningsPage = lazy(() => import('./EarningsPage'));

/** Issue [13]: assignments for both sides (spec §6: /collaborator/assignments is the collaborator's and the shopkeeper's) and the collaborator's earnings. */
export const assignmentsRoutes: FeatureRoutes = {
  area: [
    {
      path: '/collaborator/assignments',
      page: AssignmentsPage,
      menu: { collaborator: { place: 30, label: 'Incarichi', icon: 'collaborations' }, shopkeeper: { place: 85, label: 'Incarichi', icon: 'tasks' } },
    },
    { path: '/collaborator/assignments/:id', page: AssignmentPage },
    { path: '/collaborator/earnings', page: EarningsPage, menu: { collaborator: { place: 70, label: 'Guadagni', icon: 'earnings' } } },
  ],
};
