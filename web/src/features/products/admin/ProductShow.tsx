import { BooleanField, ImageField, NumberField, ReferenceField, TextField } from 'react-admin';
import { productStatusChoices } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField, CategoryField } from '../../../admin/shared/fields';
import { editActions, RecordShow, RecordTitle } from '../../../admin/shared/screens';

export const productTitle = <RecordTitle name="Prodotto" of={(product) => `«${product.name}»`} />;

/** /admin/products/:id/show: the product as its shop sells it, and its Cronologia. */
export function ProductShow() {
  return (
    <RecordShow title={productTitle} actions={editActions} history="product">
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
    </RecordShow>
  );
}
