import { TextInput } from 'react-admin';
import { serverOrder } from '../../../admin/dataProvider';
import { storeStatusChoices } from '../../../admin/shared/choices';
import { CategoryField, fields, StatusField } from '../../../admin/shared/fields';
import { movesColumn, ResourceList } from '../../../admin/shared/screens';
import { StoresMap } from './StoresMap';
import { StoreStatusButtons } from './StoreStatusButtons';
import type { Store } from '@contracts/stores';

const filters = [<TextInput key="category" source="category" />];

/** /admin/stores: pending stores first (the server's default order), a map, and the status moves on each row. */
export function StoreList() {
  return (
    <ResourceList<Store>
      search="Nome, indirizzo o email"
      filterBy={{ status: storeStatusChoices }}
      filters={filters}
      sort={serverOrder}
      above={<StoresMap />}
      line={{
        primary: (s) => s.name,
        secondary: (s) => s.address,
      }}
    >
      {fields.texts('name', 'address')}
      <CategoryField source="category" />
      <StatusField source="status" choices={storeStatusChoices} />
      {fields.days('createdAt')}
      {movesColumn(<StoreStatusButtons />)}
    </ResourceList>
  );
}
