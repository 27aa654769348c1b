import { SelectInput, TextField, TextInput, WrapperField } from 'react-admin';
import { serverOrder } from '../../../admin/dataProvider';
import { storeStatusChoices } from '../../../admin/shared/choices';
import { ItalianDateField, StatusField, CategoryField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';
import { StoresMap } from './StoresMap';
import { StoreStatusButtons } from './StoreStatusButtons';

const filters = [<SelectInput key="status" source="status" choices={storeStatusChoices} alwaysOn />, <TextInput key="category" source="category" />];

/** /admin/stores: pending stores first (the server's default order), a map, and the status moves on each row. */
export function StoreList() {
  return (
    <ResourceList
      search="Nome, indirizzo o email"
      filters={filters}
      sort={serverOrder}
      above={<StoresMap />}
      line={{
        primary: (s) => s.name,
        secondary: (s) => s.address,
      }}
      status={storeStatusChoices}
    >
      <TextField source="name" />
      <TextField source="address" />
      <CategoryField source="category" />
      <StatusField source="status" choices={storeStatusChoices} />
      <ItalianDateField source="createdAt" dayOnly />
      <WrapperField label="Azioni">
        <StoreStatusButtons />
      </WrapperField>
    </ResourceList>
  );
}
