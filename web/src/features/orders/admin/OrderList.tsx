import { NumberField } from 'react-admin';
import { formatMoney } from '../../../lib/money';
import { orderStatusChoices, paymentStatusChoices } from '../../../admin/shared/choices';
import { fields, StatusField } from '../../../admin/shared/fields';
import { choiceFilters, newestFirst, ResourceList } from '../../../admin/shared/screens';

const filters = choiceFilters({ status: orderStatusChoices });

/** /admin/orders: every order of every store, newest first. */
export function OrderList() {
  return (
    <ResourceList
      search="Cliente, email o negozio"
      filters={filters}
      sort={newestFirst('createdAt')}
      line={{
        primary: (o) => `${o.customerName} · ${formatMoney(o.total)}`,
        secondary: (o) => o.storeName,
      }}
      status={orderStatusChoices}
    >
      {fields.dates('createdAt')}
      {fields.texts('customerName', 'storeName')}
      <NumberField source="itemCount" sortable={false} />
      {fields.money('total')}
      <StatusField source="status" choices={orderStatusChoices} />
      <StatusField source="paymentStatus" choices={paymentStatusChoices} />
    </ResourceList>
  );
}
