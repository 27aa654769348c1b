import { BooleanInput, Edit, NumberInput, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, required, useRecordContext } from 'react-admin';
import { productStatusChoices } from '../shared/choices';

function GlobalProductTitle() {
  const product = useRecordContext();
  return <>Catalogo condiviso {product ? `«${product.name}»` : ''}</>;
}

/** Curating the shared catalogue: the entry's name, description, category and price, its status and whether it is featured. */
export function GlobalProductEdit() {
  return (
    <Edit title={<GlobalProductTitle />} mutationMode="pessimistic" redirect="show">
      <SimpleForm toolbar={<Toolbar><SaveButton /></Toolbar>} sx={{ maxWidth: 640 }}>
        <TextInput source="barcode" disabled />
        <TextInput source="name" validate={required()} fullWidth />
        <TextInput source="description" multiline minRows={3} fullWidth />
        <TextInput source="category" />
        <NumberInput source="basePrice" min={0} step={0.01} />
        <SelectInput source="status" choices={productStatusChoices} validate={required()} />
        <BooleanInput source="featured" />
      </SimpleForm>
    </Edit>
  );
}
