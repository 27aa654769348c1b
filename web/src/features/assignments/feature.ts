import EuroIcon from '@mui/icons-material/Euro';
import HandshakeIcon from '@mui/icons-material/Handshake';
import KeyIcon from '@mui/icons-material/Key';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { lazy } from 'react';
import { listAndRecord, type Feature } from '../../app/feature';

const AssignmentsPage = lazy(() => import('./AssignmentsPage'));
const AssignmentPage = lazy(() => import('./AssignmentPage'));
const EarningsPage = lazy(() => import('./EarningsPage'));

/** Issue [13]: assignments for both sides (spec §6: /collaborator/assignments is the collaborator's and the shopkeeper's) and the collaborator's earnings. */
export const assignmentsFeature: Feature<'assignment'> = {
  name: 'assignments',
  area: [
    ...listAndRecord('/collaborator/assignments', AssignmentsPage, AssignmentPage, {
      collaborator: { place: 30, label: 'Incarichi', icon: HandshakeIcon },
      shopkeeper: { place: 85, label: 'Incarichi', icon: TaskAltIcon },
    }),
    { path: '/collaborator/earnings', page: EarningsPage, menu: { collaborator: { place: 70, label: 'Guadagni', icon: EuroIcon } } },
  ],
  // The back office's collaboration work: live sessions (collaboration-sessions/admin), assignments (./admin), tasks (tasks/admin).
  backOffice: [
    { place: 37.1, to: '/admin/collaboration-sessions', label: 'Sessioni', icon: KeyIcon },
    { place: 37.2, to: '/admin/assignments', label: 'Incarichi', icon: HandshakeIcon },
    { place: 37.3, to: '/admin/tasks', label: 'Attività', icon: TaskAltIcon },
  ],
  history: { assignment: 'assignments' },
};
