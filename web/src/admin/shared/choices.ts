import { orderStatusLabels, paymentStatusLabels, deliveryTypeLabels } from '../../api/orders';
import { roleLabels } from '../../api/types';

/* The Italian names of every status and role the admin filters and edits by. */

export interface Choice {
  id: string;
  name: string;
}

const toChoices = (labels: Record<string, string>): Choice[] => Object.entries(labels).map(([id, name]) => ({ id, name }));

export const roleChoices = toChoices(roleLabels);
export const userStatusChoices = toChoices({ active: 'Attivo', inactive: 'Disattivato', suspended: 'Sospeso' });
export const storeStatusChoices = toChoices({ pending: 'In attesa di approvazione', active: 'Attivo', suspended: 'Sospeso' });
export const productStatusChoices = toChoices({ active: 'Attivo', inactive: 'Non attivo', pending: 'In revisione' });
export const orderStatusChoices = toChoices(orderStatusLabels);
export const paymentStatusChoices = toChoices(paymentStatusLabels);
export const deliveryTypeChoices = toChoices(deliveryTypeLabels);

export const labelOf = (choices: Choice[], id: unknown): string => choices.find((c) => c.id === id)?.name ?? String(id ?? '—');
