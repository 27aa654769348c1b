import { FunctionField } from 'react-admin';
import { ChoiceField, fields, StatusField, YesNoField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { assignmentPaymentChoices, assignmentStatusChoices, originChoices, priorityChoices } from './choices';
import { permissionsText } from '../../collaboration-sessions/SessionParts';
import { PayoutButton } from './PayoutButton';
import type { Assignment } from '@contracts/assignments';

/** /admin/assignments/:id/show: the assignment, what it pays and to whom, its problem, how it was paid, «Paga il compenso», and its Cronologia. */
export function AssignmentShow() {
  return (
    <RecordShow title={<RecordTitle<Assignment> name="Incarico" of={(a) => `di «${a.storeName}» a ${a.collaboratorName}`} />} actions={<PayoutButton />} history="assignment">
      {fields.texts('storeName', 'shopkeeperName', 'collaboratorName')}
      <ChoiceField source="origin" choices={originChoices} />
      {fields.optionalTexts('packageName')}
      {fields.texts('description')}
      <StatusField source="status" choices={assignmentStatusChoices} />
      <ChoiceField source="priority" choices={priorityChoices} />
      <FunctionField source="permissions" render={(a: Assignment) => permissionsText(a.permissions)} />
      {fields.money('paymentAmount', 'compensation', 'siteCommission')}
      <StatusField source="paymentStatus" choices={assignmentPaymentChoices} />
      {fields.dates('paidAt')}
      <FunctionField
        source="payoutTransfer"
        render={(a: Assignment) =>
          a.payoutTransfer
            ? `Trasferimento ${a.payoutTransfer.provider === 'stripe' ? 'Stripe' : 'di prova'} sul conto del collaboratore (${a.payoutTransfer.transferId})`
            : a.paymentStatus === 'paid'
              ? 'Segnato pagato a mano'
              : '—'
        }
      />
      {fields.numbers('creditsEarned')}
      <FunctionField source="sessions" render={(a: Assignment) => `${a.sessions.total} (${a.sessions.active} attive, ${a.sessions.completed} completate)`} />
      <YesNoField source="hasProblems" />
      {fields.optionalTexts('problemDescription')}
      {fields.dates('dueDate', 'assignedAt', 'acceptedAt', 'startedAt', 'completedAt', 'closedAt')}
      {fields.optionalTexts('rejectionReason', 'cancelReason')}
    </RecordShow>
  );
}
