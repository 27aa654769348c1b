import { ChoiceField, fields, StatusField } from '../../../admin/shared/fields';
import { newestFirst, ResourceList } from '../../../admin/shared/screens';
import { labelOf } from '../../../admin/shared/choices';
import { requestStatusChoices, requestTypeChoices, unlockStatusChoices, urgencyChoices } from './collaborationChoices';
import type { AdminCollaborationRequest } from '@contracts/collaboration-requests';

/** /admin/collaboration-requests: every shop's request, newest first, with its status as read now and its unlock's. */
export function CollaborationRequestList() {
  return (
    <ResourceList<AdminCollaborationRequest>
      search="Negozio o collaboratore"
      filterBy={{ status: requestStatusChoices, requestType: requestTypeChoices, urgencyLevel: urgencyChoices }}
      sort={newestFirst('createdAt')}
      line={{
        primary: (r) => r.storeName,
        secondary: (r) => `${labelOf(requestTypeChoices, r.requestType)} · ${r.collaboratorName ?? 'nessun collaboratore'}`,
      }}
    >
      {fields.days('createdAt')}
      {fields.texts('storeName')}
      <ChoiceField source="requestType" choices={requestTypeChoices} />
      <ChoiceField source="urgencyLevel" choices={urgencyChoices} />
      {fields.optionalTexts('collaboratorName')}
      {fields.money('maxBudget')}
      <StatusField source="status" choices={requestStatusChoices} />
      <StatusField source="unlockStatus" choices={unlockStatusChoices} />
    </ResourceList>
  );
}
