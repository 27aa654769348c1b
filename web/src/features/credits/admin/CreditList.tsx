import { SelectInput, TextField } from 'react-admin';
import { labelOf, roleChoices } from '../../../admin/shared/choices';
import { ItalianDateField, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';
import { CreditUsageCard } from './CreditUsageCard';
import { CreditsField, UserLinkField } from './fields';

const filters = [<SelectInput key="role" source="role" choices={roleChoices} alwaysOn />];

/** /admin/credits: what the AI functions used lately, then every user's balance, last moved first; a row opens the user's credits. */
export function CreditList() {
  return (
    <ResourceList
      search="Nome o utente"
      filters={filters}
      sort={{ field: 'lastActivity', order: 'DESC' }}
      above={<CreditUsageCard />}
      line={{
        primary: (c) => c.name || c.username,
        secondary: (c) => `${c.username} · ${labelOf(roleChoices, c.role)}`,
        tertiary: (c) => `${(c.balance as number).toLocaleString('it-IT')} crediti`,
      }}
    >
      <UserLinkField source="id" />
      <TextField source="name" />
      <StatusField source="role" choices={roleChoices} />
      <CreditsField source="balance" />
      <CreditsField source="totalPurchased" />
      <CreditsField source="totalUsed" />
      <ItalianDateField source="lastActivity" />
    </ResourceList>
  );
}
