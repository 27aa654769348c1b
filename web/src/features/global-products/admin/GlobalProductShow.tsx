import { BooleanField, EditButton, ImageField, NumberField, ReferenceField, Show, TabbedShowLayout, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { HistoryTab } from '../../../admin/history/HistoryTab';
import { productStatusChoices } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField, CategoryField } from '../../../admin/shared/fields';

function GlobalProductTitle() {
  const product = useRecordContext();
  return <>Catalogo condiviso {product ? `«${product.name}»` : ''}</>;
}

/** /admin/global-products/:id/show: the shared entry, how stores use it, and its Cronologia. */
export function GlobalProductShow() {
  return (
    <Show title={<GlobalProductTitle />} actions={<TopToolbar><EditButton /></TopToolbar>}>
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="Dati">
          <ImageField source="imageUrl" emptyText="—" />
          <TextField source="name" />
          <TextField source="barcode" />
          <TextField source="description" emptyText="—" />
          <CategoryField source="category" />
          <MoneyField source="basePrice" />
          <StatusField source="status" choices={productStatusChoices} />
          <BooleanField source="featured" />
          <BooleanField source="isPopular" />
          <NumberField source="storeCount" />
          <NumberField source="totalUsage" />
          <ReferenceField source="originalStoreId" reference="stores" link="show" emptyText="—" />
          <ItalianDateField source="lastUsed" emptyText="—" />
          <ItalianDateField source="createdAt" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Cronologia" path="cronologia">
          <HistoryTab type="global-product" />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}
