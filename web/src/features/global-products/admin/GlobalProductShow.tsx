import { ImageField, ReferenceField } from 'react-admin';
import { productStatusChoices } from '../../../admin/shared/choices';
import { CategoryField, fields, ItalianDateField, StatusField } from '../../../admin/shared/fields';
import { editActions, RecordShow, RecordTitle } from '../../../admin/shared/screens';

export const globalProductTitle = <RecordTitle name="Catalogo condiviso" of={(product) => `«${product.name}»`} />;

/** /admin/global-products/:id/show: the shared entry, how stores use it, and its Cronologia. */
export function GlobalProductShow() {
  return (
    <RecordShow title={globalProductTitle} actions={editActions} history="global-product">
      <ImageField source="imageUrl" emptyText="—" />
      {fields.texts('name', 'barcode')}
      {fields.optionalTexts('description')}
      <CategoryField source="category" />
      {fields.money('basePrice')}
      <StatusField source="status" choices={productStatusChoices} />
      {fields.booleans('featured', 'isPopular')}
      {fields.numbers('storeCount', 'totalUsage')}
      <ReferenceField source="originalStoreId" reference="stores" link="show" emptyText="—" />
      <ItalianDateField source="lastUsed" emptyText="—" />
      {fields.dates('createdAt')}
    </RecordShow>
  );
}
