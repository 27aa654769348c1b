import { Alert } from '@mui/material';
import { FormDataConsumer, required, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { roleChoices, userStatusChoices } from '../../../admin/shared/choices';
import { RecordEdit } from '../../../admin/shared/screens';
import { userTitle } from './UserShow';

/**
 * /admin/users/:id: the role and the status (a reason is required to suspend). Suspension ends
 * the user's sessions at once: the change is sent right away, as every edit is. An account is
 * never deleted (it is suspended or deactivated): the form only saves.
 */
export function UserEdit() {
  return (
    <RecordEdit title={userTitle} maxWidth={560}>
      <TextInput source="username" disabled />
      <TextInput source="name" disabled />
      <TextInput source="email" disabled />
      <SelectInput source="role" choices={roleChoices} validate={required()} />
      <SelectInput source="status" choices={userStatusChoices} validate={required()} />
      <SuspensionReason />
    </RecordEdit>
  );
}

/** Asked only when the account is being suspended now, not when it already was. */
function SuspensionReason() {
  const user = useRecordContext();
  return (
    <FormDataConsumer>
      {({ formData }) =>
        formData.status === 'suspended' && user?.status !== 'suspended' && (
          <>
            <Alert severity="warning" sx={{ mb: 2 }}>Sospendere chiude subito tutte le sessioni aperte dell'utente.</Alert>
            <TextInput source="reason" multiline minRows={2} validate={required('Indica il motivo della sospensione')} />
          </>
        )
      }
    </FormDataConsumer>
  );
}
