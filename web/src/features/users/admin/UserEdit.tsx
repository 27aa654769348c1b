import { Alert } from '@mui/material';
import { Edit, FormDataConsumer, required, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, useRecordContext } from 'react-admin';
import { roleChoices, userStatusChoices } from '../../../admin/shared/choices';

function UserTitle() {
  const user = useRecordContext();
  return <>Utente {user ? `«${user.username}»` : ''}</>;
}

/* Only saving: an account is never deleted, it is suspended or deactivated. */
const EditToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/**
 * /admin/users/:id: the role and the status (a reason is required to suspend). Suspension ends
 * the user's sessions at once, so the change is sent right away (pessimistic, no undo delay).
 */
export function UserEdit() {
  return (
    <Edit title={<UserTitle />} mutationMode="pessimistic" redirect="show">
      <SimpleForm toolbar={<EditToolbar />} sx={{ maxWidth: 560 }}>
        <TextInput source="username" disabled />
        <TextInput source="name" disabled />
        <TextInput source="email" disabled />
        <SelectInput source="role" choices={roleChoices} validate={required()} />
        <SelectInput source="status" choices={userStatusChoices} validate={required()} />
        <SuspensionReason />
      </SimpleForm>
    </Edit>
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
