import { BooleanInput, EditButton, TextField } from 'react-admin';
import { formatMoney } from '../../../lib/money';
import { productStatusChoices } from '../../../admin/shared/choices';
import { fields, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';
import type { AdminProduct } from '@contracts/catalog';

const filters = [<BooleanInput key="featured" source="featured" />];

/** /admin/products: every store's products, searched, filtered by status and moderated. */
export function ProductList() {
  return (
    <ResourceList<AdminProduct>
      search="Nome, codice o codice a barre"
      filterBy={{ status: productStatusChoices }}
      filters={filters}
      line={{
        primary: (p) => p.name,
        secondary: (p) => `${formatMoney(p.price)} · ${p.storeName ?? ''}`,
      }}
    >
      {fields.texts('name')}
      <TextField source="storeName" sortable={false} />
      {fields.money('price')}
      {fields.numbers('stockQuantity')}
      <StatusField source="status" choices={productStatusChoices} />
      {fields.booleans('featured')}
      <EditButton />
    </ResourceList>
  );
}
