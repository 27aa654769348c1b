import { ChoiceField, fields, StatusField, YesNoField } from '../../../admin/shared/fields';
import { RecordLink, RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { AdminUnlockButton } from './AdminUnlockButton';
import { requestStatusChoices, requestTypeChoices, unlockedByChoices, unlockStatusChoices } from './collaborationChoices';
import type { AdminPackageUnlock } from '@contracts/package-unlocks';

/** /admin/package-unlocks/:id/show: the unlock, who unlocked it and why, the override, and its Cronologia. */
export function PackageUnlockShow() {
  return (
    <RecordShow title={<RecordTitle<AdminPackageUnlock> name="Sblocco del pacchetto" of={(u) => `di «${u.storeName}»`} />} actions={<AdminUnlockButton />} history="package-unlock">
      {fields.texts('storeName')}
      {fields.optionalTexts('collaboratorName')}
      <ChoiceField source="requestType" choices={requestTypeChoices} />
      <StatusField source="requestStatus" choices={requestStatusChoices} />
      <StatusField source="unlockStatus" choices={unlockStatusChoices} />
      <ChoiceField source="unlockedBy" choices={unlockedByChoices} />
      {fields.optionalTexts('adminName', 'unlockReason', 'specialConditions')}
      <YesNoField source="freeOfCharge" />
      {fields.dates('unlockedAt', 'purchaseDeadline')}
      <YesNoField source="lapsed" yes="Sì: non acquistato in tempo" />
      {fields.texts('packageName')}
      {fields.money('price', 'collaboratorCompensation', 'siteCommission')}
      {fields.dates('purchasedAt')}
      {fields.optionalTexts('paymentId')}
      {fields.dates('createdAt')}
      <RecordLink<AdminPackageUnlock> to={(u) => ({ resource: 'collaboration-requests', id: u.requestId })} text="Apri la richiesta" />
    </RecordShow>
  );
}
