import { labelOf } from '../../../admin/shared/choices';
import { ChoiceField, fields, StatusField, YesNoField } from '../../../admin/shared/fields';
import { newestFirst, movesColumn, ResourceList } from '../../../admin/shared/screens';
import { formatMoney } from '../../../lib/money';
import { assignmentPaymentChoices, assignmentStatusChoices, originChoices, priorityChoices, yesNoChoices } from './choices';
import { PayoutButton } from './PayoutButton';
import type { Assignment } from '@contracts/assignments';

/** /admin/assignments: every shop's assignments, newest first, with what they pay, their problems, and «Paga il compenso» once completed. */
export function AssignmentList() {
  return (
    <ResourceList<Assignment>
      search="Negozio o collaboratore"
      filterBy={{ status: assignmentStatusChoices, paymentStatus: assignmentPaymentChoices, hasProblems: yesNoChoices, origin: originChoices }}
      sort={newestFirst('assignedAt')}
      line={{
        primary: (a) => `${a.storeName} · ${a.collaboratorName}`,
        secondary: (a) => `${formatMoney(a.paymentAmount)} · ${labelOf(assignmentPaymentChoices, a.paymentStatus)}${a.hasProblems ? ' · problema segnalato' : ''}`,
      }}
    >
      {fields.days('assignedAt')}
      {fields.texts('storeName', 'collaboratorName')}
      <StatusField source="status" choices={assignmentStatusChoices} />
      <ChoiceField source="priority" choices={priorityChoices} />
      {fields.money('paymentAmount', 'compensation')}
      <StatusField source="paymentStatus" choices={assignmentPaymentChoices} />
      <YesNoField source="hasProblems" no="—" />
      {movesColumn(<PayoutButton />)}
    </ResourceList>
  );
}
