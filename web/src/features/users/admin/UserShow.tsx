import { roleChoices, userStatusChoices } from '../../../admin/shared/choices';
import { fields, ItalianDateField, StatusField } from '../../../admin/shared/fields';
import { editActions, RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { ExportDataButtons } from '../../privacy/admin/ExportDataButtons';
import { RequestErasureButton } from '../../privacy/admin/RequestErasureButton';

export const userTitle = <RecordTitle name="Utente" of={(user) => `«${user.username}»`} />;

/** /admin/users/:id/show: the account and its Cronologia; the person's data exported or erased on their request. */
export function UserShow() {
  return (
    <RecordShow title={userTitle} actions={editActions} history="user">
      {fields.texts('username', 'name', 'email')}
      <StatusField source="role" choices={roleChoices} />
      <StatusField source="status" choices={userStatusChoices} />
      {fields.booleans('priceComparisonEnabled')}
      <ItalianDateField source="priceComparisonExpiresAt" emptyText="senza scadenza" />
      {fields.dates('createdAt', 'updatedAt')}
      <ExportDataButtons label={false} />
      <RequestErasureButton label={false} />
    </RecordShow>
  );
}
