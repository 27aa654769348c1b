import { Datagrid, EditButton, List, SearchInput, SelectInput, SimpleList, TextField } from 'react-admin';
import { roleChoices, userStatusChoices, labelOf } from '../../../admin/shared/choices';
import { ItalianDateField, StatusField } from '../../../admin/shared/fields';
import { useIsSmall } from '../../../admin/shared/useIsSmall';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Nome, utente o email" />,
  <SelectInput key="role" source="role" choices={roleChoices} alwaysOn />,
  <SelectInput key="status" source="status" choices={userStatusChoices} alwaysOn />,
];

/** /admin/users: every account, searchable and filtered by role and status (never a password). */
export function UserList() {
  const isSmall = useIsSmall();
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      {isSmall ? (
        <SimpleList
          primaryText={(u) => u.name || u.username}
          secondaryText={(u) => `${u.username} · ${labelOf(roleChoices, u.role)}`}
          tertiaryText={(u) => labelOf(userStatusChoices, u.status)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="username" />
          <TextField source="name" />
          <TextField source="email" />
          <StatusField source="role" choices={roleChoices} />
          <StatusField source="status" choices={userStatusChoices} />
          <ItalianDateField source="createdAt" dayOnly />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
}
