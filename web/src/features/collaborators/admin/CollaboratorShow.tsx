import { BooleanField, EmailField, FunctionField, NumberField, TextField, TopToolbar } from 'react-admin';
import { ItalianDateField, StatusField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { ApprovalButtons } from './ApprovalButtons';
import { approvalChoices, collaboratorStatusChoices, serviceLabel } from './choices';

/** /admin/collaborators/:id/show: the profile, its approval moves and its Cronologia. */
export function CollaboratorShow() {
  return (
    <RecordShow
      title={<RecordTitle name="Collaboratore" of={(c) => `«${c.name || c.username}»`} />}
      actions={
        <TopToolbar>
          <ApprovalButtons />
        </TopToolbar>
      }
      history="collaborator"
    >
      <TextField source="name" />
      <TextField source="username" />
      <EmailField source="email" />
      <StatusField source="approvalStatus" choices={approvalChoices} />
      <TextField source="decisionReason" emptyText="—" />
      <BooleanField source="canActivateSessions" />
      <ItalianDateField source="approvedAt" />
      <StatusField source="status" choices={collaboratorStatusChoices} />
      <FunctionField
        source="coverageArea"
        render={(c) => `${c.coverageArea.address} (${c.coverageArea.latitude}, ${c.coverageArea.longitude}) · raggio ${c.coverageArea.radiusKm} km`}
      />
      <FunctionField source="services" render={(c) => (c.services as string[]).map(serviceLabel).join(', ')} />
      <BooleanField source="isAvailable" />
      <TextField source="availability" emptyText="—" />
      <TextField source="bio" emptyText="—" />
      <NumberField source="rating" />
      <NumberField source="creditsEarned" />
      <ItalianDateField source="createdAt" />
    </RecordShow>
  );
}
