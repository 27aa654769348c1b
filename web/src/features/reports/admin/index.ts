import ReportIcon from '@mui/icons-material/ReportProblemOutlined';
import { ReportList } from './ReportList';
import { ReportShow } from './ReportShow';

export const reports = { list: ReportList, show: ReportShow, icon: ReportIcon, recordRepresentation: 'title' };
