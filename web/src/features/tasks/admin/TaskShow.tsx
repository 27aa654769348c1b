import { FunctionField } from 'react-admin';
import { ChoiceField, fields, StatusField } from '../../../admin/shared/fields';
import { RecordLink, RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { taskStatusChoices, taskTypeChoices } from './choices';
import type { Task } from '@contracts/tasks';

/** /admin/tasks/:id/show: the task, where from and to, who does it, what it pays, and its Cronologia. */
export function TaskShow() {
  return (
    <RecordShow title={<RecordTitle<Task> name="Attività" of={(t) => `«${t.title}»`} />} history="task">
      {fields.texts('title')}
      <ChoiceField source="type" choices={taskTypeChoices} />
      {fields.optionalTexts('description')}
      <StatusField source="status" choices={taskStatusChoices} />
      {fields.texts('storeName')}
      <FunctionField source="collaboratorName" render={(t: Task) => t.collaboratorName ?? (t.offered ? 'Offerta ai collaboratori della zona' : '—')} />
      {fields.optionalTexts('pickupAddress', 'deliveryAddress')}
      <FunctionField source="distance" render={(t: Task) => (typeof t.distance === 'number' ? `${t.distance.toLocaleString('it-IT', { maximumFractionDigits: 1 })} km` : '—')} />
      {fields.optionalTexts('customerName', 'customerPhone')}
      {fields.dates('deadline')}
      {fields.money('compensation')}
      {fields.numbers('credits')}
      {fields.dates('createdAt', 'acceptedAt', 'startedAt', 'completedAt', 'cancelledAt')}
      {fields.optionalTexts('cancelReason')}
      <RecordLink<Task> to={(t) => ({ resource: 'orders', id: t.orderId })} text="Apri l’ordine" />
      <RecordLink<Task> to={(t) => ({ resource: 'assignments', id: t.assignmentId })} text="Apri l’incarico" />
    </RecordShow>
  );
}
