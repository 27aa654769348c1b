import { EditButton } from 'react-admin';
import { roleChoices, userStatusChoices, labelOf } from '../../../admin/shared/choices';
import { fields, StatusField } from '../../../admin/shared/fields';
import { newestFirst, ResourceList } from '../../../admin/shared/screens';
import type { AdminUser } from '@contracts/users';

/** /admin/users: every account, searchable and filtered by role and status (never a password). */
export function UserList() {
  return (
    <ResourceList<AdminUser>
      search="Nome, utente o email"
      filterBy={{ role: roleChoices, status: userStatusChoices }}
      alwaysOn={2}
      sort={newestFirst('createdAt')}
      line={{
        primary: (u) => u.name || u.username,
        secondary: (u) => `${u.username} · ${labelOf(roleChoices, u.role)}`,
      }}
    >
      {fields.texts('username', 'name', 'email')}
      <StatusField source="role" choices={roleChoices} />
      <StatusField source="status" choices={userStatusChoices} />
      {fields.days('createdAt')}
      <EditButton />
    </ResourceList>
  );
}
