import HandshakeIcon from '@mui/icons-material/Handshake';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { lazy } from 'react';
import { listAndRecord, type Feature } from '../../app/feature';

const ReportsPage = lazy(() => import('./ReportsPage'));
const ReportPage = lazy(() => import('./ReportPage'));

/** Issue [14]: the reports on assignments, for both sides (beside the assignments), and the back office's «Segnalazioni». */
export const reportsFeature: Feature<'report'> = {
  name: 'reports',
  area: [
    ...listAndRecord('/collaborator/reports', ReportsPage, ReportPage, {
      collaborator: { place: 31, label: 'Segnalazioni', icon: HandshakeIcon },
      shopkeeper: { place: 86, label: 'Segnalazioni', icon: TaskAltIcon },
    }),
  ],
  backOffice: [{ place: 37.4, to: '/admin/reports', label: 'Segnalazioni', icon: HandshakeIcon }],
  history: { report: 'reports' },
};
