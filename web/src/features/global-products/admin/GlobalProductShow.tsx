import { BooleanField, ImageField, NumberField, ReferenceField, TextField } from 'react-admin';
import { productStatusChoices } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField, CategoryField } from '../../../admin/shared/fields';
import { editActions, RecordShow, RecordTitle } from '../../../admin/shared/screens';

export const globalProductTitle = <RecordTitle name="Catalogo condiviso" of={(product) => `«${product.name}»`} />;

/** /admin/global-products/:id/show: the shared entry, how stores use it, and its Cronologia. */
export function GlobalProductShow() {
  return (
    <RecordShow title={globalProductTitle} actions={editActions} history="global-product">
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
    </RecordShow>
  );
}
