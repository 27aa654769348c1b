import { ArrayField, Datagrid, EmailField, FunctionField, NumberField, ReferenceField, TextField, useRefresh } from 'react-admin';
import { paymentMethodLabel } from '../api';
import { OrderMoney } from '../OrderMoney';
import { ShopWithdrawal } from '../Withdrawal';
import { deliveryTypeChoices, orderStatusChoices, paymentStatusChoices } from '../../../admin/shared/choices';
import { ChoiceField, ItalianDateField, fields, MoneyField, StatusField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import type { Order } from '@contracts/orders';

/** /admin/orders/:id/show: the order with its lines, and its Cronologia (every status change and who made it). */
export function OrderShow() {
  const refresh = useRefresh();
  return (
    <RecordShow title={<RecordTitle name="Ordine" of={(order) => `di ${order.customerName} da ${order.storeName}`} />} history="order">
      {fields.texts('id')}
      {fields.dates('createdAt')}
      <StatusField source="status" choices={orderStatusChoices} />
      <ReferenceField source="storeId" reference="stores" link="show" />
      <ReferenceField source="userId" reference="users" link="show" />
      {fields.texts('customerName', 'customerPhone')}
      <EmailField source="customerEmail" />
      <ChoiceField source="deliveryType" choices={deliveryTypeChoices} />
      {fields.optionalTexts('deliveryAddress')}
      <ItalianDateField source="pickupTime" emptyText="—" />
      <ArrayField source="items" label="Articoli">
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" label="Prodotto" />
          <NumberField source="quantity" label="Quantità" />
          <MoneyField source="price" label="Prezzo" />
          <MoneyField source="lineTotal" label="Totale riga" />
        </Datagrid>
      </ArrayField>
      {fields.money('subtotal', 'shippingCost', 'total')}
      <FunctionField source="paymentMethod" render={(o: Order) => paymentMethodLabel(o)} />
      <StatusField source="paymentStatus" choices={paymentStatusChoices} />
      <FunctionField source="money" render={(o: Order) => <OrderMoney money={o.money} caseLink={(id) => `/admin/complaints/${id}/show`} empty="—" />} />
      <FunctionField
        source="withdrawal"
        render={(o: Order) => {
          // The list's row stands in for the order until its page comes, without its withdrawal.
          if (o.withdrawal === undefined) return null;
          if (o.withdrawal.state !== null) return <ShopWithdrawal order={o} onConfirmed={refresh} />;
          return o.deliveryType === 'shipping' ? (o.withdrawal.refusal ?? 'Recesso possibile') : '—';
        }}
      />
      {fields.optionalTexts('notes', 'cancelReason')}
    </RecordShow>
  );
}
