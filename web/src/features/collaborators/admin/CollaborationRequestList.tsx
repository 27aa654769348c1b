import { FunctionField, SelectInput, TextField } from 'react-admin';
import { ItalianDateField, MoneyField, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';
import { labelOf } from '../../../admin/shared/choices';
import { requestStatusChoices, requestTypeChoices, unlockStatusChoices, urgencyChoices } from './collaborationChoices';

const newestFirst = { field: 'createdAt', order: 'DESC' } as const;

const filters = [
  <SelectInput key="status" source="status" choices={requestStatusChoices} alwaysOn />,
  <SelectInput key="requestType" source="requestType" choices={requestTypeChoices} />,
  <SelectInput key="urgencyLevel" source="urgencyLevel" choices={urgencyChoices} />,
];

/** /admin/collaboration-requests: every shop's request, newest first, with its status as read now and its unlock's. */
export function CollaborationRequestList() {
  return (
    <ResourceList
      search="Negozio o collaboratore"
      filters={filters}
      sort={newestFirst}
      status={requestStatusChoices}
      line={{
        primary: (r) => r.storeName,
        secondary: (r) => `${labelOf(requestTypeChoices, r.requestType)} · ${r.collaboratorName ?? 'nessun collaboratore'}`,
      }}
    >
      <ItalianDateField source="createdAt" dayOnly />
      <TextField source="storeName" />
      <FunctionField source="requestType" render={(r) => labelOf(requestTypeChoices, r.requestType)} />
      <FunctionField source="urgencyLevel" render={(r) => labelOf(urgencyChoices, r.urgencyLevel)} />
      <TextField source="collaboratorName" emptyText="—" />
      <MoneyField source="maxBudget" />
      <StatusField source="status" choices={requestStatusChoices} />
      <StatusField source="unlockStatus" choices={unlockStatusChoices} />
    </ResourceList>
  );
}
