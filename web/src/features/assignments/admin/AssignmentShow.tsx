import { FunctionField, NumberField, TextField, TopToolbar } from 'react-admin';
import { labelOf } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { assignmentPaymentChoices, assignmentStatusChoices, originChoices, priorityChoices } from './choices';
import { permissionsText } from '../../collaboration-sessions/SessionParts';
import { PayoutButton } from './PayoutButton';

/** /admin/assignments/:id/show: the assignment, what it pays and to whom, its problem, «Segna pagato», and its Cronologia. */
export function AssignmentShow() {
  return (
    <RecordShow
      title={<RecordTitle name="Incarico" of={(a) => `di «${a.storeName}» a ${a.collaboratorName}`} />}
      actions={
        <TopToolbar>
          <PayoutButton />
        </TopToolbar>
      }
      history="assignment"
    >
      <TextField source="storeName" />
      <TextField source="shopkeeperName" />
      <TextField source="collaboratorName" />
      <FunctionField source="origin" render={(a) => labelOf(originChoices, a.origin)} />
      <TextField source="packageName" emptyText="—" />
      <TextField source="description" />
      <StatusField source="status" choices={assignmentStatusChoices} />
      <FunctionField source="priority" render={(a) => labelOf(priorityChoices, a.priority)} />
      <FunctionField source="permissions" render={(a) => permissionsText(a.permissions)} />
      <MoneyField source="paymentAmount" />
      <MoneyField source="compensation" />
      <MoneyField source="siteCommission" />
      <StatusField source="paymentStatus" choices={assignmentPaymentChoices} />
      <ItalianDateField source="paidAt" />
      <NumberField source="creditsEarned" />
      <FunctionField source="sessions" render={(a) => `${a.sessions.total} (${a.sessions.active} attive, ${a.sessions.completed} completate)`} />
      <FunctionField source="hasProblems" render={(a) => (a.hasProblems ? 'Sì' : 'No')} />
      <TextField source="problemDescription" emptyText="—" />
      <ItalianDateField source="dueDate" />
      <ItalianDateField source="assignedAt" />
      <ItalianDateField source="acceptedAt" />
      <ItalianDateField source="startedAt" />
      <ItalianDateField source="completedAt" />
      <ItalianDateField source="closedAt" />
      <TextField source="rejectionReason" emptyText="—" />
      <TextField source="cancelReason" emptyText="—" />
    </RecordShow>
  );
}
