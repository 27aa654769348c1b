import { EmailField, FunctionField } from 'react-admin';
import { fields, StatusField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { ApprovalButtons } from './ApprovalButtons';
import { approvalChoices, collaboratorStatusChoices, servicesText } from './choices';
import type { AdminCollaborator } from '@contracts/collaborators';

/** /admin/collaborators/:id/show: the profile, its approval moves and its Cronologia. */
export function CollaboratorShow() {
  return (
    <RecordShow title={<RecordTitle<AdminCollaborator> name="Collaboratore" of={(c) => `«${c.name || c.username}»`} />} actions={<ApprovalButtons />} history="collaborator">
      {fields.texts('name', 'username')}
      <EmailField source="email" />
      <StatusField source="approvalStatus" choices={approvalChoices} />
      {fields.optionalTexts('decisionReason')}
      {fields.booleans('canActivateSessions')}
      {fields.dates('approvedAt')}
      <StatusField source="status" choices={collaboratorStatusChoices} />
      <FunctionField
        source="coverageArea"
        render={(c: AdminCollaborator) => `${c.coverageArea.address} (${c.coverageArea.latitude}, ${c.coverageArea.longitude}) · raggio ${c.coverageArea.radiusKm} km`}
      />
      <FunctionField source="services" render={(c: AdminCollaborator) => servicesText(c.services)} />
      {fields.booleans('isAvailable')}
      {fields.optionalTexts('availability', 'bio')}
      {fields.numbers('rating', 'creditsEarned')}
      {fields.dates('createdAt')}
    </RecordShow>
  );
}
