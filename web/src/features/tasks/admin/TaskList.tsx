import { FunctionField, SelectInput, TextField } from 'react-admin';
import { labelOf } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';
import { formatDateTime } from '../../../lib/dates';
import { taskStatusChoices, taskTypeChoices } from './choices';

const newestFirst = { field: 'createdAt', order: 'DESC' } as const;

const filters = [<SelectInput key="status" source="status" choices={taskStatusChoices} alwaysOn />, <SelectInput key="type" source="type" choices={taskTypeChoices} />];

/** /admin/tasks: deliveries and catalogue work of every shop, newest first, with who does them and by when. */
export function TaskList() {
  return (
    <ResourceList
      search="Negozio o collaboratore"
      filters={filters}
      sort={newestFirst}
      status={taskStatusChoices}
      line={{
        primary: (t) => t.title,
        secondary: (t) => `${labelOf(taskTypeChoices, t.type)} · ${t.storeName} · entro ${formatDateTime(t.deadline)}`,
      }}
    >
      <ItalianDateField source="createdAt" dayOnly />
      <TextField source="title" />
      <FunctionField source="type" render={(t) => labelOf(taskTypeChoices, t.type)} />
      <TextField source="storeName" />
      <FunctionField source="collaboratorName" render={(t) => t.collaboratorName ?? (t.offered ? 'Offerta alla zona' : '—')} />
      <StatusField source="status" choices={taskStatusChoices} />
      <ItalianDateField source="deadline" />
      <MoneyField source="compensation" />
    </ResourceList>
  );
}
