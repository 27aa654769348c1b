import { NumberField } from 'react-admin';
import { formatMoney } from '../../../lib/money';
import { orderStatusChoices, paymentStatusChoices } from '../../../admin/shared/choices';
import { fields, StatusField } from '../../../admin/shared/fields';
import { newestFirst, ResourceList } from '../../../admin/shared/screens';
import type { AdminOrderRow } from '@contracts/orders';

/** /admin/orders: every order of every store, newest first. */
export function OrderList() {
  return (
    <ResourceList<AdminOrderRow>
      search="Cliente, email o negozio"
      filterBy={{ status: orderStatusChoices }}
      sort={newestFirst('createdAt')}
      line={{
        primary: (o) => `${o.customerName} · ${formatMoney(o.total)}`,
        secondary: (o) => o.storeName,
      }}
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
