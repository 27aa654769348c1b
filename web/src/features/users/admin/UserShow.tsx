import { BooleanField, TextField } from 'react-admin';
import { roleChoices, userStatusChoices } from '../../../admin/shared/choices';
import { ItalianDateField, StatusField } from '../../../admin/shared/fields';
import { editActions, RecordShow, RecordTitle } from '../../../admin/shared/screens';

export const userTitle = <RecordTitle name="Utente" of={(user) => `«${user.username}»`} />;

/** /admin/users/:id/show: the account and its Cronologia. */
export function UserShow() {
  return (
    <RecordShow title={userTitle} actions={editActions} history="user">
      <TextField source="username" />
      <TextField source="name" />
      <TextField source="email" />
      <StatusField source="role" choices={roleChoices} />
      <StatusField source="status" choices={userStatusChoices} />
      <BooleanField source="priceComparisonEnabled" />
      <ItalianDateField source="priceComparisonExpiresAt" emptyText="senza scadenza" />
      <ItalianDateField source="createdAt" />
      <ItalianDateField source="updatedAt" />
    </RecordShow>
  );
}
