import { FunctionField, SelectInput, TextField, WrapperField } from 'react-admin';
import { labelOf } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';
import { formatMoney } from '../../../lib/money';
import { assignmentPaymentChoices, assignmentStatusChoices, originChoices, priorityChoices, yesNoChoices } from './choices';
import { PayoutButton } from './PayoutButton';

const newestFirst = { field: 'assignedAt', order: 'DESC' } as const;

const filters = [
  <SelectInput key="status" source="status" choices={assignmentStatusChoices} alwaysOn />,
  <SelectInput key="paymentStatus" source="paymentStatus" choices={assignmentPaymentChoices} />,
  <SelectInput key="hasProblems" source="hasProblems" choices={yesNoChoices} />,
  <SelectInput key="origin" source="origin" choices={originChoices} />,
];

/** /admin/assignments: every shop's assignments, newest first, with what they pay, their problems, and «Segna pagato» once completed. */
export function AssignmentList() {
  return (
    <ResourceList
      search="Negozio o collaboratore"
      filters={filters}
      sort={newestFirst}
      status={assignmentStatusChoices}
      line={{
        primary: (a) => `${a.storeName} · ${a.collaboratorName}`,
        secondary: (a) => `${formatMoney(a.paymentAmount)} · ${labelOf(assignmentPaymentChoices, a.paymentStatus)}${a.hasProblems ? ' · problema segnalato' : ''}`,
      }}
    >
      <ItalianDateField source="assignedAt" dayOnly />
      <TextField source="storeName" />
      <TextField source="collaboratorName" />
      <StatusField source="status" choices={assignmentStatusChoices} />
      <FunctionField source="priority" render={(a) => labelOf(priorityChoices, a.priority)} />
      <MoneyField source="paymentAmount" />
      <MoneyField source="compensation" />
      <StatusField source="paymentStatus" choices={assignmentPaymentChoices} />
      <FunctionField source="hasProblems" render={(a) => (a.hasProblems ? 'Sì' : '—')} />
      <WrapperField label="Azioni">
        <PayoutButton />
      </WrapperField>
    </ResourceList>
  );
}
