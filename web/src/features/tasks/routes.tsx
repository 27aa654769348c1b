import { lazy } from 'react';
import type { FeatureRoutes } from '../../app/feature';

const TasksPage = lazy(() => import('./collaborator/TasksPage'));

export const tasksRoutes: FeatureRoutes = {
  area: [{ path: '/collaborator/tasks', page: TasksPage, menu: { collaborator: { place: 20, label: 'Attività', icon: 'tasks' } } }],
};
