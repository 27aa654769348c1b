import { ArrayField, Datagrid, EmailField, FunctionField, NumberField, ReferenceField, TextField } from 'react-admin';
import { paymentMethodLabel } from '../api';
import { deliveryTypeChoices, labelOf, orderStatusChoices, paymentStatusChoices } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';

/** /admin/orders/:id/show: the order with its lines, and its Cronologia (every status change and who made it). */
export function OrderShow() {
  return (
    <RecordShow title={<RecordTitle name="Ordine" of={(order) => `di ${order.customerName} da ${order.storeName}`} />} history="order">
      <TextField source="id" />
      <ItalianDateField source="createdAt" />
      <StatusField source="status" choices={orderStatusChoices} />
      <ReferenceField source="storeId" reference="stores" link="show" />
      <ReferenceField source="userId" reference="users" link="show" />
      <TextField source="customerName" />
      <TextField source="customerPhone" />
      <EmailField source="customerEmail" />
      <FunctionField source="deliveryType" render={(o) => labelOf(deliveryTypeChoices, o.deliveryType)} />
      <TextField source="deliveryAddress" emptyText="—" />
      <ItalianDateField source="pickupTime" emptyText="—" />
      <ArrayField source="items" label="Articoli">
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <TextField source="name" label="Prodotto" />
          <NumberField source="quantity" label="Quantità" />
          <MoneyField source="price" label="Prezzo" />
          <MoneyField source="lineTotal" label="Totale riga" />
        </Datagrid>
      </ArrayField>
      <MoneyField source="subtotal" />
      <MoneyField source="shippingCost" />
      <MoneyField source="total" />
      <FunctionField source="paymentMethod" render={(o) => paymentMethodLabel(o)} />
      <StatusField source="paymentStatus" choices={paymentStatusChoices} />
      <TextField source="notes" emptyText="—" />
      <TextField source="cancelReason" emptyText="—" />
    </RecordShow>
  );
}
