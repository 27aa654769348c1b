import { BooleanField, BooleanInput, EditButton, NumberField, SelectInput, TextField } from 'react-admin';
import { productStatusChoices } from '../../../admin/shared/choices';
import { MoneyField, StatusField, CategoryField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';

const filters = [
  <SelectInput key="status" source="status" choices={productStatusChoices} alwaysOn />,
  <BooleanInput key="featured" source="featured" />,
  <BooleanInput key="isPopular" source="isPopular" />,
];

/** /admin/global-products: the shared catalogue by barcode, with how many stores use each entry. */
export function GlobalProductList() {
  return (
    <ResourceList
      search="Nome, codice a barre o categoria"
      filters={filters}
      sort={{ field: 'storeCount', order: 'DESC' }}
      line={{
        primary: (g) => g.name,
        secondary: (g) => `${g.barcode} · ${g.storeCount} negozi`,
      }}
      status={productStatusChoices}
    >
      <TextField source="name" />
      <TextField source="barcode" />
      <CategoryField source="category" />
      <MoneyField source="basePrice" />
      <NumberField source="storeCount" />
      <StatusField source="status" choices={productStatusChoices} />
      <BooleanField source="featured" />
      <EditButton />
    </ResourceList>
  );
}
