import { BooleanField, FunctionField, NumberField, SelectInput, TextField } from 'react-admin';
import { MoneyField, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';
import { formatMoney } from '../../../lib/money';
import { packageStatusChoices, packageTypeChoices, packageTypeName } from './choices';

const filters = [<SelectInput key="type" source="type" choices={packageTypeChoices} alwaysOn />, <SelectInput key="status" source="status" choices={packageStatusChoices} />];

/** /admin/packages: the catalogue of plans and packs, archived ones included, cheapest first. */
export function PackageList() {
  return (
    <ResourceList
      search="Nome o descrizione"
      filters={filters}
      sort={{ field: 'price', order: 'ASC' }}
      line={{ primary: (p) => p.name, secondary: (p) => `${formatMoney(p.currentPrice)} · ${p.durationDays} giorni` }}
      status={packageStatusChoices}
    >
      <TextField source="name" />
      <FunctionField source="type" render={(p: { type: string }) => packageTypeName(p.type)} />
      <MoneyField source="price" />
      <MoneyField source="currentPrice" />
      <NumberField source="credits" />
      <NumberField source="durationDays" />
      <BooleanField source="isPopular" />
      <NumberField source="purchases" />
      <StatusField source="status" choices={packageStatusChoices} />
    </ResourceList>
  );
}
