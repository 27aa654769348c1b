import { FunctionField, NumberField, TextField } from 'react-admin';
import { labelOf } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField } from '../../../admin/shared/fields';
import { RecordLink, RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { serviceLabel } from './choices';
import { expiredReasonLabel, requestStatusChoices, requestTypeChoices, unlockStatusChoices, urgencyChoices } from './collaborationChoices';

/** /admin/collaboration-requests/:id/show: the request, its unlock and its Cronologia. */
export function CollaborationRequestShow() {
  return (
    <RecordShow title={<RecordTitle name="Richiesta di collaborazione" of={(r) => `di «${r.storeName}»`} />} history="collaboration-request">
      <TextField source="storeName" />
      <TextField source="shopkeeperName" />
      <FunctionField source="requestType" render={(r) => labelOf(requestTypeChoices, r.requestType)} />
      <StatusField source="status" choices={requestStatusChoices} />
      <FunctionField source="expiredReason" render={(r) => expiredReasonLabel(r.expiredReason)} />
      <TextField source="collaboratorName" emptyText="—" />
      <TextField source="message" />
      <FunctionField source="urgencyLevel" render={(r) => labelOf(urgencyChoices, r.urgencyLevel)} />
      <NumberField source="estimatedDuration" />
      <MoneyField source="maxBudget" />
      <FunctionField source="requiredServices" render={(r) => (r.requiredServices as string[]).map(serviceLabel).join(', ') || '—'} />
      <ItalianDateField source="createdAt" />
      <ItalianDateField source="responseDeadline" />
      <ItalianDateField source="acceptedAt" />
      <TextField source="rejectionReason" emptyText="—" />
      <TextField source="cancelReason" emptyText="—" />
      <ItalianDateField source="closedAt" />
      <StatusField source="unlockStatus" choices={unlockStatusChoices} />
      <FunctionField source="freeOfCharge" render={(r) => (r.freeOfCharge ? 'Sì' : 'No')} />
      <ItalianDateField source="purchaseDeadline" />
      <RecordLink to={(r) => ({ resource: 'package-unlocks', id: r.unlockId })} text="Apri lo sblocco del pacchetto" />
    </RecordShow>
  );
}
