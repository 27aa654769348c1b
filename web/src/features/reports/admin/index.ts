import type { FeatureAdmin } from '../../../app/feature';
import { ReportList } from './ReportList';
import { ReportShow } from './ReportShow';
import { messages } from './messages';
import ReportIcon from '@mui/icons-material/ReportProblemOutlined';

export const admin: FeatureAdmin = {
  resources: [{ name: 'reports', place: 160, list: ReportList, show: ReportShow, icon: ReportIcon, recordRepresentation: 'title' }],
  messages,
};
