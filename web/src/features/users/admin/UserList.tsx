import { EditButton } from 'react-admin';
import { roleChoices, userStatusChoices, labelOf } from '../../../admin/shared/choices';
import { fields, StatusField } from '../../../admin/shared/fields';
import { choiceFilters, newestFirst, ResourceList } from '../../../admin/shared/screens';

const filters = choiceFilters({ role: roleChoices, status: userStatusChoices }, 2);

/** /admin/users: every account, searchable and filtered by role and status (never a password). */
export function UserList() {
  return (
    <ResourceList
      search="Nome, utente o email"
      filters={filters}
      sort={newestFirst('createdAt')}
      line={{
        primary: (u) => u.name || u.username,
        secondary: (u) => `${u.username} · ${labelOf(roleChoices, u.role)}`,
      }}
      status={userStatusChoices}
    >
      {fields.texts('username', 'name', 'email')}
      <StatusField source="role" choices={roleChoices} />
      <StatusField source="status" choices={userStatusChoices} />
      {fields.days('createdAt')}
      <EditButton />
    </ResourceList>
  );
}
