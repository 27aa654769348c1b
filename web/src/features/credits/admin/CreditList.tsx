import { plural } from '@platform/domain/format';
import { labelOf, roleChoices } from '../../../admin/shared/choices';
import { fields, StatusField } from '../../../admin/shared/fields';
import { newestFirst, ResourceList } from '../../../admin/shared/screens';
import { CreditUsageCard } from './CreditUsageCard';
import { creditTotals, UserLinkField } from './fields';
import type { AdminCredits } from '@contracts/credits';

/** /admin/credits: what the AI functions used lately, then every user's balance, last moved first; a row opens the user's credits. */
export function CreditList() {
  return (
    <ResourceList<AdminCredits>
      search="Nome o utente"
      filterBy={{ role: roleChoices }}
      sort={newestFirst('lastActivity')}
      above={<CreditUsageCard />}
      line={{
        primary: (c) => c.name || c.username,
        secondary: (c) => `${c.username} · ${labelOf(roleChoices, c.role)}`,
        tertiary: (c) => plural(c.balance, 'credito', 'crediti'),
      }}
    >
      <UserLinkField source="id" />
      {fields.texts('name')}
      <StatusField source="role" choices={roleChoices} />
      {creditTotals}
      {fields.dates('lastActivity')}
    </ResourceList>
  );
}
