import { FunctionField } from 'react-admin';
import { labelOf } from '../../../admin/shared/choices';
import { ChoiceField, fields, StatusField } from '../../../admin/shared/fields';
import { newestFirst, ResourceList } from '../../../admin/shared/screens';
import { formatDateTime } from '../../../lib/dates';
import { taskStatusChoices, taskTypeChoices } from './choices';
import type { Task } from '@contracts/tasks';

/** /admin/tasks: deliveries and catalogue work of every shop, newest first, with who does them and by when. */
export function TaskList() {
  return (
    <ResourceList<Task>
      search="Negozio o collaboratore"
      filterBy={{ status: taskStatusChoices, type: taskTypeChoices }}
      sort={newestFirst('createdAt')}
      line={{
        primary: (t) => t.title,
        secondary: (t) => `${labelOf(taskTypeChoices, t.type)} · ${t.storeName} · entro ${formatDateTime(t.deadline)}`,
      }}
    >
      {fields.days('createdAt')}
      {fields.texts('title')}
      <ChoiceField source="type" choices={taskTypeChoices} />
      {fields.texts('storeName')}
      <FunctionField source="collaboratorName" render={(t: Task) => t.collaboratorName ?? (t.offered ? 'Offerta alla zona' : '—')} />
      <StatusField source="status" choices={taskStatusChoices} />
      {fields.dates('deadline')}
      {fields.money('compensation')}
    </ResourceList>
  );
}
