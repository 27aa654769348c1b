import { taskStatusLabels, taskTypeLabels } from '@pure/tasks/labels';
import { toChoices } from '../../../admin/shared/choices';

/* The Italian names of the tasks' kinds and states, as the server's labels say them. */

export const taskStatusChoices = toChoices(taskStatusLabels);
export const taskTypeChoices = toChoices(taskTypeLabels);
