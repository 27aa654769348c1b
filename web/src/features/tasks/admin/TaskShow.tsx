import { FunctionField, NumberField, TextField } from 'react-admin';
import { labelOf } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField } from '../../../admin/shared/fields';
import { RecordLink, RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { taskStatusChoices, taskTypeChoices } from './choices';

/** /admin/tasks/:id/show: the task, where from and to, who does it, what it pays, and its Cronologia. */
export function TaskShow() {
  return (
    <RecordShow title={<RecordTitle name="Attività" of={(t) => `«${t.title}»`} />} history="task">
      <TextField source="title" />
      <FunctionField source="type" render={(t) => labelOf(taskTypeChoices, t.type)} />
      <TextField source="description" emptyText="—" />
      <StatusField source="status" choices={taskStatusChoices} />
      <TextField source="storeName" />
      <FunctionField source="collaboratorName" render={(t) => t.collaboratorName ?? (t.offered ? 'Offerta ai collaboratori della zona' : '—')} />
      <TextField source="pickupAddress" emptyText="—" />
      <TextField source="deliveryAddress" emptyText="—" />
      <FunctionField source="distance" render={(t) => (typeof t.distance === 'number' ? `${t.distance.toLocaleString('it-IT', { maximumFractionDigits: 1 })} km` : '—')} />
      <TextField source="customerName" emptyText="—" />
      <TextField source="customerPhone" emptyText="—" />
      <ItalianDateField source="deadline" />
      <MoneyField source="compensation" />
      <NumberField source="credits" />
      <ItalianDateField source="createdAt" />
      <ItalianDateField source="acceptedAt" />
      <ItalianDateField source="startedAt" />
      <ItalianDateField source="completedAt" />
      <ItalianDateField source="cancelledAt" />
      <TextField source="cancelReason" emptyText="—" />
      <RecordLink to={(t) => ({ resource: 'orders', id: t.orderId })} text="Apri l’ordine" />
      <RecordLink to={(t) => ({ resource: 'assignments', id: t.assignmentId })} text="Apri l’incarico" />
    </RecordShow>
  );
}
