import { Datagrid, ReferenceField, SelectInput, SimpleList, TextField, TextInput } from 'react-admin';
import { labelOf } from '../../../admin/shared/choices';
import { ItalianDateField } from '../../../admin/shared/fields';
import { useIsSmall } from '../../../admin/shared/useIsSmall';
import { formatDateTime } from '../../../lib/dates';
import { EmailStatusChip } from './EmailStatusChip';
import { EmailTabList } from './EmailTabList';
import { emailLogStatusChoices } from './labels';
import type { EmailLog } from '@contracts/email';

const filters = [<SelectInput key="status" source="status" choices={emailLogStatusChoices} alwaysOn />, <TextInput key="toEmail" source="toEmail" alwaysOn />];

/** Tab "Registro": every attempt and its outcome (the server's answer), and the admin's retries and cancellations with who did them. */
export function LogsTab() {
  const isSmall = useIsSmall();
  return (
    <EmailTabList resource="email-logs" filters={filters}>
      {isSmall ? (
        <SimpleList<EmailLog>
          primaryText={(l) => l.subject}
          secondaryText={(l) => `${l.toEmail} · ${formatDateTime(l.createdAt)}${l.statusDetails ? ` · ${l.statusDetails}` : ''}`}
          tertiaryText={(l) => labelOf(emailLogStatusChoices, l.status)}
          linkType={false}
          sx={{ '& .MuiListItemText-secondary': { overflowWrap: 'anywhere' } }}
        />
      ) : (
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <ItalianDateField source="createdAt" />
          <TextField source="toEmail" />
          <TextField source="subject" />
          <EmailStatusChip source="status" choices={emailLogStatusChoices} label="Esito" />
          <TextField source="statusDetails" emptyText="—" />
          <ReferenceField source="actorUserId" reference="users" link="show" emptyText="—">
            <TextField source="username" />
          </ReferenceField>
        </Datagrid>
      )}
    </EmailTabList>
  );
}
