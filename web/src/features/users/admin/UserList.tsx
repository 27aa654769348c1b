import { EditButton, SelectInput, TextField } from 'react-admin';
import { roleChoices, userStatusChoices, labelOf } from '../../../admin/shared/choices';
import { ItalianDateField, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';

const filters = [<SelectInput key="role" source="role" choices={roleChoices} alwaysOn />, <SelectInput key="status" source="status" choices={userStatusChoices} alwaysOn />];

/** /admin/users: every account, searchable and filtered by role and status (never a password). */
export function UserList() {
  return (
    <ResourceList
      search="Nome, utente o email"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      line={{
        primary: (u) => u.name || u.username,
        secondary: (u) => `${u.username} · ${labelOf(roleChoices, u.role)}`,
      }}
      status={userStatusChoices}
    >
      <TextField source="username" />
      <TextField source="name" />
      <TextField source="email" />
      <StatusField source="role" choices={roleChoices} />
      <StatusField source="status" choices={userStatusChoices} />
      <ItalianDateField source="createdAt" dayOnly />
      <EditButton />
    </ResourceList>
  );
}
