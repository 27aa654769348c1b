import { BooleanInput, EditButton } from 'react-admin';
import { productStatusChoices } from '../../../admin/shared/choices';
import { CategoryField, fields, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';
import type { GlobalProduct } from '@contracts/catalog';
import { plural } from '@platform/domain/format';

const filters = [<BooleanInput key="featured" source="featured" />, <BooleanInput key="isPopular" source="isPopular" />];

/** /admin/global-products: the shared catalogue by barcode, with how many stores use each entry. */
export function GlobalProductList() {
  return (
    <ResourceList<GlobalProduct>
      search="Nome, codice a barre o categoria"
      filterBy={{ status: productStatusChoices }}
      filters={filters}
      sort={{ field: 'storeCount', order: 'DESC' }}
      line={{
        primary: (g) => g.name,
        secondary: (g) => `${g.barcode} · ${plural(g.storeCount, 'negozio', 'negozi')}`,
      }}
    >
      {fields.texts('name', 'barcode')}
      <CategoryField source="category" />
      {fields.money('basePrice')}
      {fields.numbers('storeCount')}
      <StatusField source="status" choices={productStatusChoices} />
      {fields.booleans('featured')}
      <EditButton />
    </ResourceList>
  );
}
