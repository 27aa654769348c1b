import { BooleanField, BooleanInput, EditButton, NumberField, SelectInput, TextField } from 'react-admin';
import { formatMoney } from '../../../lib/money';
import { productStatusChoices } from '../../../admin/shared/choices';
import { MoneyField, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';

const filters = [<SelectInput key="status" source="status" choices={productStatusChoices} alwaysOn />, <BooleanInput key="featured" source="featured" />];

/** /admin/products: every store's products, searched, filtered by status and moderated. */
export function ProductList() {
  return (
    <ResourceList
      search="Nome, codice o codice a barre"
      filters={filters}
      line={{
        primary: (p) => p.name,
        secondary: (p) => `${formatMoney(p.price)} · ${p.storeName ?? ''}`,
      }}
      status={productStatusChoices}
    >
      <TextField source="name" />
      <TextField source="storeName" sortable={false} />
      <MoneyField source="price" />
      <NumberField source="stockQuantity" />
      <StatusField source="status" choices={productStatusChoices} />
      <BooleanField source="featured" />
      <EditButton />
    </ResourceList>
  );
}
