import { requestStatusLabels, requestTypeLabels, urgencyLabels } from '@pure/collaboration-requests/labels';
import { unlockStatusLabels } from '@pure/package-unlocks/labels';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { formatOpeningHours } from '../../features/stores/OpeningHoursEditor';
import { paymentProviderLabels, paymentStatusLabels as transactionStatusLabels, transactionTypeLabels } from '../../features/payments/api';
import type { AggregateType, References } from '../dataProvider';
import {
  cancelledByLabels,
  deliveryTypeLabels,
  orderStatusLabels,
  paymentMethodLabels,
  paymentStatusLabels,
  productStatusLabels,
  reservationStatusLabels,
  roleLabels,
  storeStatusLabels,
  storeTypeLabels,
  userStatusLabels,
} from '../shared/choices';

/* How the Cronologia writes each value of an event or a state: as the rest of the back office does. */

/** A value as a person reads it; a record it names comes with that record's admin resource. */
export interface Shown {
  text: string;
  link?: { resource: string; id: string };
}

/** The admin resource showing each kind of record a history names. */
/** The back-office page of each kind of record (categories have none: shown by name only). */
const resourceOf: Record<References[string]['type'], string | null> = {
  user: 'users',
  store: 'stores',
  product: 'products',
  'global-product': 'global-products',
  order: 'orders',
  category: null,
};

/** "status" means something else for each aggregate. */
const statusLabels: Partial<Record<AggregateType, Record<string, string>>> = {
  user: userStatusLabels,
  store: storeStatusLabels,
  product: productStatusLabels,
  'global-product': productStatusLabels,
  order: orderStatusLabels,
  reservation: reservationStatusLabels,
  payment: transactionStatusLabels,
  'collaboration-request': requestStatusLabels,
};
const fieldLabels: Record<string, Record<string, string>> = {
  paymentStatus: paymentStatusLabels,
  paymentMethod: paymentMethodLabels,
  transactionType: transactionTypeLabels,
  paymentProvider: paymentProviderLabels,
  deliveryType: deliveryTypeLabels,
  role: roleLabels,
  storeType: storeTypeLabels,
  by: cancelledByLabels,
  requestType: requestTypeLabels,
  urgencyLevel: urgencyLabels,
  unlockStatus: unlockStatusLabels,
  unlockedBy: { collaborator_accepted: 'Il collaboratore ha accettato', admin_override: 'L’amministrazione' },
};
const moneyFields = new Set(['price', 'basePrice', 'subtotal', 'shippingCost', 'total', 'lineTotal', 'minimumOrderForShipping', 'freeShippingThreshold', 'amount']);
const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value written whole on one line, not as a list of its parts: a store's week of opening hours. */
export function showWhole(key: string, value: unknown): Shown | null {
  if (key === 'openingHours' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return { text: formatOpeningHours(value) };
  }
  return null;
}

/** One plain value of field `key` in a history of `type`. */
export function showValue(type: AggregateType, key: string, value: unknown, references: References): Shown {
  if (value === null || value === undefined || value === '') return { text: '—' };
  if (typeof value === 'boolean') return { text: value ? 'sì' : 'no' };
  if (typeof value === 'number') {
    return { text: moneyFields.has(key) ? formatMoney(value) : value.toLocaleString('it-IT', { maximumFractionDigits: 6 }) };
  }
  if (typeof value !== 'string') return { text: typeof value === 'bigint' ? value.toString() : JSON.stringify(value) };
  const named = references[value];
  if (named) {
    const resource = resourceOf[named.type];
    return resource ? { text: named.name, link: { resource, id: value } } : { text: named.name };
  }
  const label = (key === 'status' ? statusLabels[type] : fieldLabels[key])?.[value];
  if (label) return { text: label };
  if (isoTime.test(value) && !Number.isNaN(Date.parse(value))) return { text: formatDateTime(value) };
  return { text: value };
}

/**
 * The fields worth a line: `storeName` beside a `storeId` shown by its name, or an order line's
 * `name` beside its product shown by that same name, would say the same thing twice, so the named
 * id stands for both.
 */
export function shownEntries(value: Record<string, unknown>, references: References, hide?: (key: string, v: unknown) => boolean): [string, unknown][] {
  const names = new Set(Object.values(value).flatMap((v) => (typeof v === 'string' && references[v] ? [references[v].name] : [])));
  const namedById = (key: string, v: unknown) => {
    const id = value[key.replace(/Name$/, 'Id')];
    return (key.endsWith('Name') && typeof id === 'string' && id in references) || (typeof v === 'string' && !(v in references) && names.has(v));
  };
  return Object.entries(value).filter(([k, v]) => !hide?.(k, v) && !namedById(k, v));
}
