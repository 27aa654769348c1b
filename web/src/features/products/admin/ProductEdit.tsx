import { BooleanInput, Edit, SelectInput, SimpleForm, TextInput, required, useRecordContext } from 'react-admin';
import { productStatusChoices } from '../../../admin/shared/choices';
import { SaveOrDeleteToolbar } from '../../../admin/shared/SaveOrDeleteToolbar';

function ProductTitle() {
  const product = useRecordContext();
  return <>Prodotto {product ? `«${product.name}»` : ''}</>;
}

/** Moderation only: the shop owns its product's content, the admin its status and whether it is featured. */
export function ProductEdit() {
  return (
    <Edit title={<ProductTitle />} mutationMode="pessimistic" redirect="show">
      <SimpleForm
        toolbar={
          <SaveOrDeleteToolbar
            confirmTitle="Eliminare questo prodotto?"
            confirmContent="Sparisce dal negozio e dalle ricerche; resta nella cronologia e negli ordini già fatti."
          />
        }
        sx={{ maxWidth: 560 }}
      >
        <TextInput source="name" disabled />
        <TextInput source="storeName" disabled />
        <SelectInput source="status" choices={productStatusChoices} validate={required()} />
        <BooleanInput source="featured" />
      </SimpleForm>
    </Edit>
  );
}
