import { LinearProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { plural } from '@platform/domain/format';
import { labelOf, roleChoices } from '../../../admin/shared/choices';
import { fields, StatusField } from '../../../admin/shared/fields';
import { newestFirst, ResourceList } from '../../../admin/shared/screens';
import { creditTotals, UserLinkField } from './fields';
import type { AdminCredits } from '@contracts/credits';

/** The card's charts (MUI X Charts, about 90 KB gzipped) load with this list, not with the whole back office. */
const CreditUsageCard = lazy(() => import('./CreditUsageCard').then(({ CreditUsageCard }) => ({ default: CreditUsageCard })));

/** /admin/credits: what the AI functions used lately, then every user's balance, last moved first; a row opens the user's credits. */
export function CreditList() {
  return (
    <ResourceList<AdminCredits>
      search="Nome o utente"
      filterBy={{ role: roleChoices }}
      sort={newestFirst('lastActivity')}
      above={
        <Suspense fallback={<LinearProgress aria-label="Caricamento dell’uso dei crediti" sx={{ m: 2 }} />}>
          <CreditUsageCard />
        </Suspense>
      }
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
