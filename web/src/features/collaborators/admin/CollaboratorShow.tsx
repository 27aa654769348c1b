import { EmailField, FunctionField } from 'react-admin';
import { fields, StatusField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { ApprovalButtons } from './ApprovalButtons';
import { HistoryTab } from '../../../admin/history/HistoryTab';
import { HolderStatements } from '../../earnings/admin/HolderStatements';
import { approvalChoices, collaboratorStatusChoices, servicesText } from './choices';
import type { AdminCollaborator } from '@contracts/collaborators';

/** /admin/collaborators/:id/show: the profile, its approval moves, its payment account and statements (issue [20]) and its Cronologia. */
export function CollaboratorShow() {
  return (
    <RecordShow
      title={<RecordTitle<AdminCollaborator> name="Collaboratore" of={(c) => `«${c.name || c.username}»`} />}
      actions={<ApprovalButtons />}
      history="collaborator"
      tab={[
        // The collaborator's payment account at the providers, where their compensations are transferred, as its events tell it.
        { label: 'Conto di pagamento', path: 'conto', content: <HistoryTab type="collaborator-payment-accounts" /> },
        { label: 'Estratti conto', path: 'estratti', content: <HolderStatements holder="collaborator" /> },
      ]}
    >
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
