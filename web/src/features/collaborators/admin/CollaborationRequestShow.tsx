import { FunctionField } from 'react-admin';
import { ChoiceField, fields, StatusField, YesNoField } from '../../../admin/shared/fields';
import { RecordLink, RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { servicesText } from './choices';
import { expiredReasonLabel, requestStatusChoices, requestTypeChoices, unlockStatusChoices, urgencyChoices } from './collaborationChoices';
import type { AdminCollaborationRequest } from '@contracts/collaboration-requests';

/** /admin/collaboration-requests/:id/show: the request, its unlock and its Cronologia. */
export function CollaborationRequestShow() {
  return (
    <RecordShow title={<RecordTitle<AdminCollaborationRequest> name="Richiesta di collaborazione" of={(r) => `di «${r.storeName}»`} />} history="collaboration-request">
      {fields.texts('storeName', 'shopkeeperName')}
      <ChoiceField source="requestType" choices={requestTypeChoices} />
      <StatusField source="status" choices={requestStatusChoices} />
      <FunctionField source="expiredReason" render={(r: AdminCollaborationRequest) => expiredReasonLabel(r.expiredReason)} />
      {fields.optionalTexts('collaboratorName')}
      {fields.texts('message')}
      <ChoiceField source="urgencyLevel" choices={urgencyChoices} />
      {fields.numbers('estimatedDuration')}
      {fields.money('maxBudget')}
      <FunctionField source="requiredServices" render={(r: AdminCollaborationRequest) => servicesText(r.requiredServices) || '—'} />
      {fields.dates('createdAt', 'responseDeadline', 'acceptedAt')}
      {fields.optionalTexts('rejectionReason', 'cancelReason')}
      {fields.dates('closedAt')}
      <StatusField source="unlockStatus" choices={unlockStatusChoices} />
      <YesNoField source="freeOfCharge" />
      {fields.dates('purchaseDeadline')}
      <RecordLink<AdminCollaborationRequest> to={(r) => ({ resource: 'package-unlocks', id: r.unlockId })} text="Apri lo sblocco del pacchetto" />
    </RecordShow>
  );
}
