import { Datagrid, List, NumberField, SearchInput, SelectInput, SimpleList, TextField } from 'react-admin';
import { formatMoney } from '../../../lib/money';
import { labelOf, orderStatusChoices, paymentStatusChoices } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField } from '../../../admin/shared/fields';
import { useIsSmall } from '../../../admin/shared/useIsSmall';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Cliente, email o negozio" />,
  <SelectInput key="status" source="status" choices={orderStatusChoices} alwaysOn />,
];

/** /admin/orders: every order of every store, newest first. */
export function OrderList() {
  const isSmall = useIsSmall();
  return (
    <List filters={filters} sort={{ field: 'createdAt', order: 'DESC' }} exporter={false}>
      {isSmall ? (
        <SimpleList
          primaryText={(o) => `${o.customerName} · ${formatMoney(o.total)}`}
          secondaryText={(o) => o.storeName}
          tertiaryText={(o) => labelOf(orderStatusChoices, o.status)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <ItalianDateField source="createdAt" />
          <TextField source="customerName" />
          <TextField source="storeName" />
          <NumberField source="itemCount" sortable={false} />
          <MoneyField source="total" />
          <StatusField source="status" choices={orderStatusChoices} />
          <StatusField source="paymentStatus" choices={paymentStatusChoices} />
        </Datagrid>
      )}
    </List>
  );
}
