import { FunctionField } from 'react-admin';
import { serverOrder } from '../../../admin/dataProvider';
import { fields, StatusField } from '../../../admin/shared/fields';
import { movesColumn, ResourceList } from '../../../admin/shared/screens';
import { ApprovalButtons } from './ApprovalButtons';
import { approvalChoices, collaboratorStatusChoices, servicesText } from './choices';
import type { AdminCollaborator } from '@contracts/collaborators';

/** /admin/collaborators: pending profiles first (the server's default order), the approval moves on each row. */
export function CollaboratorList() {
  return (
    <ResourceList<AdminCollaborator>
      search="Nome, utente o e-mail"
      filterBy={{ approvalStatus: approvalChoices, status: collaboratorStatusChoices }}
      sort={serverOrder}
      line={{
        primary: (c) => c.name || c.username,
        secondary: (c) => `${c.coverageArea.address} · ${c.coverageArea.radiusKm} km`,
        tertiary: (c) => approvalChoices.find((a) => a.id === c.approvalStatus)?.name ?? c.approvalStatus,
      }}
    >
      {fields.texts('name', 'username')}
      <FunctionField source="services" render={(c: AdminCollaborator) => servicesText(c.services)} sortable={false} />
      <StatusField source="approvalStatus" choices={approvalChoices} />
      <StatusField source="status" choices={collaboratorStatusChoices} />
      {fields.days('createdAt')}
      {movesColumn(<ApprovalButtons />)}
    </ResourceList>
  );
}
