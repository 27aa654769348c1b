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
  // The back office's collaboration work: live sessions (collaboration-sessions/admin), assignments (./admin), tasks (tasks/admin).
  backOffice: [
    { place: 37.1, to: '/admin/collaboration-sessions', label: 'Sessioni', icon: 'key' },
    { place: 37.2, to: '/admin/assignments', label: 'Incarichi', icon: 'collaborations' },
    { place: 37.3, to: '/admin/tasks', label: 'Attività', icon: 'tasks' },
  ],
};
