import type { FeatureAdmin } from '../../../app/feature';
import { TaskList } from './TaskList';
import { TaskShow } from './TaskShow';
import { messages } from './messages';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';

/** The admin's screens of tasks (issue [13]); the collaborator's pages of tasks are the tasks feature's own. */
export const admin: FeatureAdmin = {
  resources: [{ name: 'tasks', place: 170, list: TaskList, show: TaskShow, icon: LocalShippingIcon, recordRepresentation: 'title' }],
  messages,
};
