import { labelOf, toChoices } from '../../../admin/shared/choices';
import { packageTypeLabels } from '../api';

export const packageTypeChoices = Object.entries(packageTypeLabels).map(([id, name]) => ({ id, name }));
export const packageStatusLabels: Record<string, string> = { active: 'In vendita', archived: 'Archiviato' };
export const packageStatusChoices = toChoices(packageStatusLabels);

export const packageTypeName = (type: unknown): string => labelOf(packageTypeChoices, type);
/** A list of texts on one line. */
export const listText = (items: unknown): string => (Array.isArray(items) && items.length ? items.join(' · ') : '—');
