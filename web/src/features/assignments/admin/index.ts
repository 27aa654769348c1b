import WorkIcon from '@mui/icons-material/WorkOutlined';
import { AssignmentList } from './AssignmentList';
import { AssignmentShow } from './AssignmentShow';

export const assignments = { list: AssignmentList, show: AssignmentShow, icon: WorkIcon, recordRepresentation: 'storeName' };
