import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import { CaseList } from './CaseList';
import { CaseShow } from './CaseShow';

export const complaints = { list: CaseList, show: CaseShow, icon: ReportProblemIcon, recordRepresentation: 'title', options: { label: 'Reclami e contestazioni' } };
