import { labelOf } from '../../../admin/shared/choices';
import { packageTypeLabels } from '../api';

export const packageTypeChoices = Object.entries(packageTypeLabels).map(([id, name]) => ({ id, name }));
export const packageStatusChoices = [
  { id: 'active', name: 'In vendita' },
  { id: 'archived', name: 'Archiviato' },
];

export const packageTypeName = (type: unknown): string => labelOf(packageTypeChoices, type);
/** A list of texts on one line. */
export const listText = (items: unknown): string => (Array.isArray(items) && items.length ? items.join(' · ') : '—');
