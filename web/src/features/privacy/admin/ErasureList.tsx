import type { ErasureRecord } from '@contracts/privacy';
import { roleChoices } from '../../../admin/shared/choices';
import { fields, StatusField } from '../../../admin/shared/fields';
import { ResourceList } from '../../../admin/shared/screens';
import { formatDate } from '../../../lib/dates';
import { erasureStatusChoices } from './choices';

/** /admin/erasures: the erasures of people's data, the open ones first by their deadline (a month from the request). */
export function ErasureList() {
  return (
    <ResourceList<ErasureRecord>
      search="Identificativo della persona"
      filterBy={{ status: erasureStatusChoices }}
      line={{
        primary: (e) => `${e.name ?? 'Utente'} · ${erasureStatusChoices.find((c) => c.id === e.status)?.name ?? e.status}`,
        secondary: (e) => (e.status === 'completed' ? `Completata il ${formatDate(e.completedAt!)}` : `Entro il ${formatDate(e.dueAt)}${e.late ? ' · in ritardo' : ''}`),
      }}
    >
      {fields.texts('name')}
      <StatusField source="role" choices={roleChoices} />
      <StatusField source="status" choices={erasureStatusChoices} />
      {fields.dates('requestedAt')}
      {fields.days('dueAt')}
      {fields.booleans('late')}
      {fields.dates('completedAt')}
    </ResourceList>
  );
}
