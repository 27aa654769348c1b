import { BooleanInput, SelectInput, TextInput, required } from 'react-admin';
import { productStatusChoices } from '../../../admin/shared/choices';
import { RecordEdit } from '../../../admin/shared/screens';
import { productTitle } from './ProductShow';

/** Moderation only: the shop owns its product's content, the admin its status and whether it is featured. */
export function ProductEdit() {
  return (
    <RecordEdit
      title={productTitle}
      deleting={{
        confirmTitle: 'Eliminare questo prodotto?',
        confirmContent: 'Sparisce dal negozio e dalle ricerche; resta nella cronologia e negli ordini già fatti.',
      }}
      maxWidth={560}
    >
      <TextInput source="name" disabled />
      <TextInput source="storeName" disabled />
      <SelectInput source="status" choices={productStatusChoices} validate={required()} />
      <BooleanInput source="featured" />
    </RecordEdit>
  );
}
