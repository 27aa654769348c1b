import { EditButton, Show, TabbedShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { HistoryTab } from '../../../admin/history/HistoryTab';
import { roleChoices, userStatusChoices } from '../../../admin/shared/choices';
import { ItalianDateField, StatusField } from '../../../admin/shared/fields';

function UserTitle() {
  const user = useRecordContext();
  return <>Utente {user ? `«${user.username}»` : ''}</>;
}

/** /admin/users/:id/show: the account and its Cronologia. */
export function UserShow() {
  return (
    <Show title={<UserTitle />} actions={<TopToolbar><EditButton /></TopToolbar>}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Dati">
          <TextField source="username" />
          <TextField source="name" />
          <TextField source="email" />
          <StatusField source="role" choices={roleChoices} />
          <StatusField source="status" choices={userStatusChoices} />
          <ItalianDateField source="createdAt" />
          <ItalianDateField source="updatedAt" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Cronologia" path="cronologia">
          <HistoryTab type="user" />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
