import { BooleanField, BooleanInput, Datagrid, EditButton, List, NumberField, SearchInput, SelectInput, SimpleList, TextField } from 'react-admin';
import { formatMoney } from '../../../lib/money';
import { labelOf, productStatusChoices } from '../../../admin/shared/choices';
import { MoneyField, StatusField } from '../../../admin/shared/fields';
import { useIsSmall } from '../../../admin/shared/useIsSmall';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Nome, codice o codice a barre" />,
  <SelectInput key="status" source="status" choices={productStatusChoices} alwaysOn />,
  <BooleanInput key="featured" source="featured" />,
];

/** /admin/products: every store's products, searched, filtered by status and moderated. */
export function ProductList() {
  const isSmall = useIsSmall();
  return (
    <List filters={filters} exporter={false}>
      {isSmall ? (
        <SimpleList
          primaryText={(p) => p.name}
          secondaryText={(p) => `${formatMoney(p.price)} · ${p.storeName ?? ''}`}
          tertiaryText={(p) => labelOf(productStatusChoices, p.status)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="name" />
          <TextField source="storeName" sortable={false} />
          <MoneyField source="price" />
          <NumberField source="stockQuantity" />
          <StatusField source="status" choices={productStatusChoices} />
          <BooleanField source="featured" />
          <EditButton />
        </Datagrid>
      )}
    </List>
  );
}
