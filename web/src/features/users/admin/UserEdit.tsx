import { Alert } from '@mui/material';
import { BooleanInput, DateTimeInput, FormDataConsumer, required, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { roleChoices, settableUserStatusChoices } from '../../../admin/shared/choices';
import { RecordEdit } from '../../../admin/shared/screens';
import { userTitle } from './UserShow';

/**
 * /admin/users/:id: the role, the status (a reason is required to suspend) and a customer's price
 * comparison (on until a date, or without one). Suspension ends
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
      <SelectInput source="status" choices={settableUserStatusChoices} validate={required()} />
      <SuspensionReason />
      <PriceComparison />
    </RecordEdit>
  );
}

/** Asked only when the account is being suspended now, not when it already was. */
function SuspensionReason() {
  const user = useRecordContext();
  return (
    <FormDataConsumer>
      {({ formData }) =>
        formData.status === 'suspended' &&
        user?.status !== 'suspended' && (
          <>
            <Alert severity="warning" sx={{ mb: 2 }}>
              Sospendere chiude subito tutte le sessioni aperte dell'utente.
            </Alert>
            <TextInput source="reason" multiline minRows={2} validate={required('Indica il motivo della sospensione')} />
          </>
        )
      }
    </FormDataConsumer>
  );
}

/** A customer's price comparison (spec §3 users): shops get theirs from their plan, so it is asked of customers only. */
function PriceComparison() {
  return (
    <FormDataConsumer>
      {({ formData }) =>
        formData.role === 'customer' && (
          <>
            <BooleanInput source="priceComparisonEnabled" helperText="Il cliente vede i prezzi dello stesso prodotto nei negozi vicini." />
            {formData.priceComparisonEnabled && (
              <DateTimeInput source="priceComparisonExpiresAt" helperText="Vuoto: senza scadenza." sx={{ mt: 2 }} parse={(v: string) => (v ? new Date(v).toISOString() : null)} />
            )}
          </>
        )
      }
    </FormDataConsumer>
  );
}
