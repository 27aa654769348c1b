import { FunctionField } from 'react-admin';
import { fields, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';
import { formatMoney } from '../../../lib/money';
import { packageStatusChoices, packageTypeChoices, packageTypeName } from './choices';
import type { AdminPackage } from '@contracts/packages';
import { plural } from '@platform/domain/format';

/** /admin/packages: the catalogue of plans and packs, archived ones included, cheapest first. */
export function PackageList() {
  return (
    <ResourceList<AdminPackage>
      search="Nome o descrizione"
      filterBy={{ type: packageTypeChoices, status: packageStatusChoices }}
      sort={{ field: 'price', order: 'ASC' }}
      line={{ primary: (p) => p.name, secondary: (p) => `${formatMoney(p.currentPrice)} · ${plural(p.durationDays, 'giorno', 'giorni')}` }}
    >
      {fields.texts('name')}
      <FunctionField source="type" render={(p: { type: string }) => packageTypeName(p.type)} />
      {fields.money('price', 'currentPrice')}
      {fields.numbers('credits', 'durationDays')}
      {fields.booleans('isPopular')}
      {fields.numbers('purchases')}
      <StatusField source="status" choices={packageStatusChoices} />
    </ResourceList>
  );
}
