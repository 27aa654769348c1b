import { BooleanInput, FunctionField, SelectInput, TextField } from 'react-admin';
import { labelOf } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';
import { AdminUnlockButton } from './AdminUnlockButton';
import { unlockedByChoices, unlockStatusChoices } from './collaborationChoices';

const newestFirst = { field: 'createdAt', order: 'DESC' } as const;

const filters = [
  <SelectInput key="unlockStatus" source="unlockStatus" choices={unlockStatusChoices} alwaysOn />,
  <SelectInput key="unlockedBy" source="unlockedBy" choices={unlockedByChoices} />,
  <BooleanInput key="freeOfCharge" source="freeOfCharge" />,
  <BooleanInput key="lapsed" source="lapsed" />,
];

/** /admin/package-unlocks: every unlock, newest first, with the admin's override on each one not bought. */
export function PackageUnlockList() {
  return (
    <ResourceList
      search="Negozio o collaboratore"
      filters={filters}
      sort={newestFirst}
      line={{
        primary: (u) => u.storeName,
        secondary: (u) => `${u.collaboratorName ?? 'nessun collaboratore'}${u.freeOfCharge ? ' · gratuito' : ''}${u.lapsed ? ' · scaduto' : ''}`,
        tertiary: (u) => labelOf(unlockStatusChoices, u.unlockStatus),
      }}
    >
      <ItalianDateField source="createdAt" dayOnly />
      <TextField source="storeName" />
      <TextField source="collaboratorName" emptyText="—" />
      <StatusField source="unlockStatus" choices={unlockStatusChoices} />
      <MoneyField source="price" />
      <FunctionField source="lapsed" render={(u) => (u.lapsed ? 'Scaduto' : '—')} />
      <ItalianDateField source="purchaseDeadline" dayOnly />
      <FunctionField label="Azioni" render={() => <AdminUnlockButton />} />
    </ResourceList>
  );
}
