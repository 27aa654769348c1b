import type { FeatureAdmin } from '../../../app/feature';
import { CaseList } from './CaseList';
import { CaseShow } from './CaseShow';
import { CollaborationManagementPage } from './CollaborationManagementPage';
import { messages } from './messages';
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';

export const admin: FeatureAdmin = {
  resources: [
    { name: 'complaints', place: 180, list: CaseList, show: CaseShow, icon: ReportProblemIcon, recordRepresentation: 'title', options: { label: 'Reclami e contestazioni' } },
  ],
  pages: [
    // Spec §2's address of the collaboration management: the ways to collaborators, reports and complaints (issue [14]).
    { path: '/collaboration-management', page: CollaborationManagementPage },
  ],
  messages,
};
