import { Datagrid, List, SearchInput, SelectInput, SimpleList, TextField, TextInput, WrapperField } from 'react-admin';
import { serverOrder } from '../../../admin/dataProvider';
import { labelOf, storeStatusChoices } from '../../../admin/shared/choices';
import { ItalianDateField, StatusField, CategoryField } from '../../../admin/shared/fields';
import { useIsSmall } from '../../../admin/shared/useIsSmall';
import { StoresMap } from './StoresMap';
import { StoreStatusButtons } from './StoreStatusButtons';

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Nome, indirizzo o email" />,
  <SelectInput key="status" source="status" choices={storeStatusChoices} alwaysOn />,
  <TextInput key="category" source="category" />,
];

/** /admin/stores: pending stores first (the server's default order), a map, and the status moves on each row. */
export function StoreList() {
  const isSmall = useIsSmall();
  return (
    <List filters={filters} sort={serverOrder} exporter={false}>
      <StoresMap />
      {isSmall ? (
        <SimpleList
          primaryText={(s) => s.name}
          secondaryText={(s) => s.address}
          tertiaryText={(s) => labelOf(storeStatusChoices, s.status)}
          linkType="show"
        />
      ) : (
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="name" />
          <TextField source="address" />
          <CategoryField source="category" />
          <StatusField source="status" choices={storeStatusChoices} />
          <ItalianDateField source="createdAt" dayOnly />
          <WrapperField label="Azioni">
            <StoreStatusButtons />
          </WrapperField>
        </Datagrid>
      )}
    </List>
  );
}
