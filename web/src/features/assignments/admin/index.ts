import type { FeatureAdmin } from '../../../app/feature';
import { AssignmentList } from './AssignmentList';
import { AssignmentShow } from './AssignmentShow';
import { messages } from './messages';
import WorkIcon from '@mui/icons-material/WorkOutlined';

export const admin: FeatureAdmin = {
  resources: [{ name: 'assignments', place: 150, list: AssignmentList, show: AssignmentShow, icon: WorkIcon, recordRepresentation: 'storeName' }],
  messages,
};
