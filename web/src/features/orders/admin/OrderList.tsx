import { NumberField, SelectInput, TextField } from 'react-admin';
import { formatMoney } from '../../../lib/money';
import { orderStatusChoices, paymentStatusChoices } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';

const filters = [<SelectInput key="status" source="status" choices={orderStatusChoices} alwaysOn />];

/** /admin/orders: every order of every store, newest first. */
export function OrderList() {
  return (
    <ResourceList
      search="Cliente, email o negozio"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      line={{
        primary: (o) => `${o.customerName} · ${formatMoney(o.total)}`,
        secondary: (o) => o.storeName,
      }}
      status={orderStatusChoices}
    >
      <ItalianDateField source="createdAt" />
      <TextField source="customerName" />
      <TextField source="storeName" />
      <NumberField source="itemCount" sortable={false} />
      <MoneyField source="total" />
      <StatusField source="status" choices={orderStatusChoices} />
      <StatusField source="paymentStatus" choices={paymentStatusChoices} />
    </ResourceList>
  );
}
