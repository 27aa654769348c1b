import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import { TaskList } from './TaskList';
import { TaskShow } from './TaskShow';

/** The admin's screens of tasks (issue [13]); the collaborator's pages of tasks are the tasks feature's own. */
export const tasks = { list: TaskList, show: TaskShow, icon: LocalShippingIcon, recordRepresentation: 'title' };
