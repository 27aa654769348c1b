import { roleChoices } from '../../../admin/shared/choices';
import { fields, StatusField } from '../../../admin/shared/fields';
import { RecordShow, RecordTitle } from '../../../admin/shared/screens';
import { erasureRequestedByChoices, erasureStatusChoices } from './choices';

/** /admin/erasures/:id/show: one erasure, from the request to its completion, and its Cronologia. */
export function ErasureShow() {
  return (
    <RecordShow title={<RecordTitle name="Cancellazione dei dati" of={(e) => `di ${e.name ?? 'un utente'}`} />} history="erasure">
      {fields.texts('name')}
      <StatusField source="role" choices={roleChoices} />
      <StatusField source="requestedBy" choices={erasureRequestedByChoices} />
      <StatusField source="status" choices={erasureStatusChoices} />
      {fields.dates('requestedAt')}
      {fields.days('dueAt')}
      {fields.booleans('late')}
      {fields.numbers('openOrders', 'keysErased')}
      {fields.dates('carriedOutAt', 'completedAt')}
    </RecordShow>
  );
}
