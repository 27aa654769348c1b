import { BooleanInput, Edit, NullableBooleanInput, SelectInput, SimpleForm, TextInput, required, useRecordContext } from 'react-admin';
import { productStatusChoices } from '../../../admin/shared/choices';
import { SaveOrDeleteToolbar } from '../../../admin/shared/SaveOrDeleteToolbar';

function GlobalProductTitle() {
  const product = useRecordContext();
  return <>Catalogo condiviso {product ? `«${product.name}»` : ''}</>;
}

/** Curating the shared catalogue: the entry's name, description and category, its status, whether it is featured or popular. */
export function GlobalProductEdit() {
  return (
    <Edit title={<GlobalProductTitle />} mutationMode="pessimistic" redirect="show">
      <SimpleForm
        toolbar={
          <SaveOrDeleteToolbar
            confirmTitle="Togliere questo prodotto dal catalogo condiviso?"
            confirmContent="I negozi che lo usano tengono i loro prodotti, senza più il collegamento. Se un negozio aggiungerà di nuovo questo codice a barre, il prodotto tornerà nel catalogo da capo."
          />
        }
        sx={{ maxWidth: 640 }}
      >
        <TextInput source="barcode" disabled />
        <TextInput source="name" validate={required()} fullWidth />
        <TextInput source="description" multiline minRows={3} fullWidth />
        <TextInput source="category" />
        <SelectInput source="status" choices={productStatusChoices} validate={required()} />
        <BooleanInput source="featured" />
        <NullableBooleanInput source="isPopular" helperText="Vuoto: la popolarità segue quanti negozi lo usano." />
      </SimpleForm>
    </Edit>
  );
}
