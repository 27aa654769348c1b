import { FunctionField, TextField, TopToolbar } from 'react-admin';
import { labelOf } from '../../../admin/shared/choices';
import { ItalianDateField, MoneyField, StatusField } from '../../../admin/shared/fields';
import { RecordLink, RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { AdminUnlockButton } from './AdminUnlockButton';
import { requestStatusChoices, requestTypeChoices, unlockedByChoices, unlockStatusChoices } from './collaborationChoices';

/** /admin/package-unlocks/:id/show: the unlock, who unlocked it and why, the override, and its Cronologia. */
export function PackageUnlockShow() {
  return (
    <RecordShow
      title={<RecordTitle name="Sblocco del pacchetto" of={(u) => `di «${u.storeName}»`} />}
      actions={
        <TopToolbar>
          <AdminUnlockButton />
        </TopToolbar>
      }
      history="package-unlock"
    >
      <TextField source="storeName" />
      <TextField source="collaboratorName" emptyText="—" />
      <FunctionField source="requestType" render={(u) => labelOf(requestTypeChoices, u.requestType)} />
      <StatusField source="requestStatus" choices={requestStatusChoices} />
      <StatusField source="unlockStatus" choices={unlockStatusChoices} />
      <FunctionField source="unlockedBy" render={(u) => (u.unlockedBy ? labelOf(unlockedByChoices, u.unlockedBy) : '—')} />
      <TextField source="adminName" emptyText="—" />
      <TextField source="unlockReason" emptyText="—" />
      <TextField source="specialConditions" emptyText="—" />
      <FunctionField source="freeOfCharge" render={(u) => (u.freeOfCharge ? 'Sì' : 'No')} />
      <ItalianDateField source="unlockedAt" />
      <ItalianDateField source="purchaseDeadline" />
      <FunctionField source="lapsed" render={(u) => (u.lapsed ? 'Sì: non acquistato in tempo' : 'No')} />
      <TextField source="packageName" />
      <MoneyField source="price" />
      <MoneyField source="collaboratorCompensation" />
      <MoneyField source="siteCommission" />
      <ItalianDateField source="purchasedAt" />
      <TextField source="paymentId" emptyText="—" />
      <ItalianDateField source="createdAt" />
      <RecordLink to={(u) => ({ resource: 'collaboration-requests', id: u.requestId })} text="Apri la richiesta" />
    </RecordShow>
  );
}
