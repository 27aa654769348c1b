import { BooleanField, BooleanInput, Datagrid, EditButton, List, NumberField, SearchInput, SelectInput, SimpleList, TextField } from 'react-admin';
import { labelOf, productStatusChoices } from '../../../admin/shared/choices';
import { MoneyField, StatusField, CategoryField } from '../../../admin/shared/fields';
import { useIsSmall } from '../../../admin/shared/useIsSmall';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Nome, codice a barre o categoria" />,
  <SelectInput key="status" source="status" choices={productStatusChoices} alwaysOn />,
  <BooleanInput key="featured" source="featured" />,
  <BooleanInput key="isPopular" source="isPopular" />,
];

/** /admin/global-products: the shared catalogue by barcode, with how many stores use each entry. */
export function GlobalProductList() {
  const isSmall = useIsSmall();
  return (
    <List filters={filters} sort={{ field: 'storeCount', order: 'DESC' }} exporter={false}>
      {isSmall ? (
        <SimpleList
          primaryText={(g) => g.name}
          secondaryText={(g) => `${g.barcode} · ${g.storeCount} negozi`}
          tertiaryText={(g) => labelOf(productStatusChoices, g.status)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="name" />
          <TextField source="barcode" />
          <CategoryField source="category" />
          <MoneyField source="basePrice" />
          <NumberField source="storeCount" />
          <StatusField source="status" choices={productStatusChoices} />
          <BooleanField source="featured" />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
}
