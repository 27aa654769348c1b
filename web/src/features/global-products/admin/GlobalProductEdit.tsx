import { BooleanInput, NullableBooleanInput, SelectInput, TextInput, required } from 'react-admin';
import { productStatusChoices } from '../../../admin/shared/choices';
import { RecordEdit } from '../../../admin/shared/screens';
import { globalProductTitle } from './GlobalProductShow';

/** Curating the shared catalogue: the entry's name, description and category, its status, whether it is featured or popular. */
export function GlobalProductEdit() {
  return (
    <RecordEdit
      title={globalProductTitle}
      deleting={{
        confirmTitle: 'Togliere questo prodotto dal catalogo condiviso?',
        confirmContent:
          'I negozi che lo usano tengono i loro prodotti, senza più il collegamento. Se un negozio aggiungerà di nuovo questo codice a barre, il prodotto tornerà nel catalogo da capo.',
      }}
      maxWidth={640}
    >
      <TextInput source="barcode" disabled />
      <TextInput source="name" validate={required()} fullWidth />
      <TextInput source="description" multiline minRows={3} fullWidth />
      <TextInput source="category" />
      <SelectInput source="status" choices={productStatusChoices} validate={required()} />
      <BooleanInput source="featured" />
      <NullableBooleanInput source="isPopular" helperText="Vuoto: la popolarità segue quanti negozi lo usano." />
    </RecordEdit>
  );
}
