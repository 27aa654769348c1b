import { BooleanField, EditButton, ImageField, NumberField, ReferenceField, Show, TabbedShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { HistoryTab } from '../../../admin/history/HistoryTab';
import { productStatusChoices } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField, CategoryField } from '../../../admin/shared/fields';

function ProductTitle() {
  const product = useRecordContext();
  return <>Prodotto {product ? `«${product.name}»` : ''}</>;
}

/** /admin/products/:id/show: the product as its shop sells it, and its Cronologia. */
export function ProductShow() {
  return (
    <Show title={<ProductTitle />} actions={<TopToolbar><EditButton /></TopToolbar>}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Dati">
          <ImageField source="imageUrl" emptyText="—" />
          <TextField source="name" />
          <ReferenceField source="storeId" reference="stores" link="show" />
          <TextField source="description" emptyText="—" />
          <MoneyField source="price" />
          <NumberField source="stockQuantity" />
          <CategoryField source="category" />
          <TextField source="sku" emptyText="—" />
          <TextField source="barcode" emptyText="—" />
          <StatusField source="status" choices={productStatusChoices} />
          <BooleanField source="featured" />
          <BooleanField source="onSale" />
          <ItalianDateField source="createdAt" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Cronologia" path="cronologia">
          <HistoryTab type="product" />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
