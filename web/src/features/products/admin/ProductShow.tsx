import { ImageField, ReferenceField } from 'react-admin';
import { productStatusChoices } from '../../../admin/shared/choices';
import { CategoryField, fields, StatusField } from '../../../admin/shared/fields';
import { editActions, RecordShow, RecordTitle } from '../../../admin/shared/screens';

export const productTitle = <RecordTitle name="Prodotto" of={(product) => `«${product.name}»`} />;

/** /admin/products/:id/show: the product as its shop sells it, and its Cronologia. */
export function ProductShow() {
  return (
    <RecordShow title={productTitle} actions={editActions} history="product">
      <ImageField source="imageUrl" emptyText="—" />
      {fields.texts('name')}
      <ReferenceField source="storeId" reference="stores" link="show" />
      {fields.optionalTexts('description')}
      {fields.money('price')}
      {fields.numbers('stockQuantity')}
      <CategoryField source="category" />
      {fields.optionalTexts('sku', 'barcode')}
      <StatusField source="status" choices={productStatusChoices} />
      {fields.booleans('featured', 'onSale')}
      {fields.money('lowestPrice30Days')}
      {fields.dates('priceSince', 'createdAt')}
    </RecordShow>
  );
}
