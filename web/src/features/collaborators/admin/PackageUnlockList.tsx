import { BooleanInput } from 'react-admin';
import { labelOf } from '../../../admin/shared/choices';
import { fields, StatusField, YesNoField } from '../../../admin/shared/fields';
import { movesColumn, newestFirst, ResourceList } from '../../../admin/shared/screens';
import { AdminUnlockButton } from './AdminUnlockButton';
import { unlockedByChoices, unlockStatusChoices } from './collaborationChoices';
import type { AdminPackageUnlock } from '@contracts/package-unlocks';

const filters = [<BooleanInput key="freeOfCharge" source="freeOfCharge" />, <BooleanInput key="lapsed" source="lapsed" />];

/** /admin/package-unlocks: every unlock, newest first, with the admin's override on each one not bought. */
export function PackageUnlockList() {
  return (
    <ResourceList<AdminPackageUnlock>
      search="Negozio o collaboratore"
      filterBy={{ unlockStatus: unlockStatusChoices, unlockedBy: unlockedByChoices }}
      filters={filters}
      sort={newestFirst('createdAt')}
      line={{
        primary: (u) => u.storeName,
        secondary: (u) => `${u.collaboratorName ?? 'nessun collaboratore'}${u.freeOfCharge ? ' · gratuito' : ''}${u.lapsed ? ' · scaduto' : ''}`,
        tertiary: (u) => labelOf(unlockStatusChoices, u.unlockStatus),
      }}
    >
      {fields.days('createdAt')}
      {fields.texts('storeName')}
      {fields.optionalTexts('collaboratorName')}
      <StatusField source="unlockStatus" choices={unlockStatusChoices} />
      {fields.money('price')}
      <YesNoField source="lapsed" yes="Scaduto" no="—" />
      {fields.days('purchaseDeadline')}
      {movesColumn(<AdminUnlockButton />)}
    </ResourceList>
  );
}
