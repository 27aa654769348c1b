import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { lazy } from 'react';
import type { Feature } from '../../app/feature';

const TasksPage = lazy(() => import('./collaborator/TasksPage'));

export const tasksFeature: Feature<'task'> = {
  name: 'tasks',
  area: [{ path: '/collaborator/tasks', page: TasksPage, menu: { collaborator: { place: 20, label: 'Attività', icon: TaskAltIcon } } }],
  history: { task: 'tasks' },
};
