import { assignmentOriginLabels, assignmentPaymentStatusLabels, assignmentStatusLabels, permissionLabels, priorityLabels } from '@pure/assignments/labels';
import { expiredReasonLabels, requestStatusLabels, requestTypeLabels, urgencyLabels } from '@pure/collaboration-requests/labels';
import { accessStatusLabels, codeKindLabels, securityLevelLabels, sessionExpiredReasonLabels, sessionStatusLabels } from '@pure/collaboration-sessions/labels';
import { approvalStatusLabels, collaboratorServices, collaboratorStatusLabels } from '@pure/collaborators/services';
import {
  caseKindLabels,
  compensationLabels,
  compensationMethodLabels,
  partyTypeLabels,
  severityLabels as caseSeverityLabels,
  statusLabels as caseStatusLabels,
  typeLabels as caseTypeLabels,
  urgencyLabels as caseUrgencyLabels,
} from '@labels/complaints';
import { orderCodeKindLabels, withdrawalStateLabels } from '@labels/orders';
import { unlockStatusLabels } from '@pure/package-unlocks/labels';
import { accountHolderKindLabels, disputeOutcomeLabels, disputeReasonLabels, payoutFailureLabels, purposeKindLabels } from '@labels/payments';
import { refundStatusLabels, reportStatusLabels, reportTypeLabels, severityLabels as reportSeverityLabels } from '@labels/reports';
import { publishedReasonLabels, revieweeTypeLabels, reviewerTypeLabels, subjectTypeLabels } from '@pure/reviews/labels';
import { taskCancelledByLabels, taskStatusLabels, taskTypeLabels } from '@labels/tasks';
import { erasureRequestedByLabels, erasureStatusLabels } from '@labels/privacy';
import { dataExportedByLabels, dataExportFormatLabels } from '@labels/users';
import { formatDateTime } from '../../lib/dates';
import { formatMoney } from '../../lib/money';
import { formatOpeningHours } from '../../features/stores/OpeningHoursEditor';
import { packageTypeLabels } from '../../features/packages/api';
import { packageStatusLabels } from '../../features/packages/admin/choices';
import { contactStatusLabels } from '../../features/contact/api';
import { vocabularyStatusLabels } from '../../features/search/admin/labels';
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

/** The back-office page of each kind of record a history names (categories have none: shown by name only). */
const resourceOf: Record<References[string]['type'], string | null> = {
  user: 'users',
  store: 'stores',
  product: 'products',
  'global-product': 'global-products',
  order: 'orders',
  category: null,
  reservation: null,
  assignment: 'assignments',
  'collaboration-request': 'collaboration-requests',
  'package-unlock': 'package-unlocks',
  'collaboration-session': 'collaboration-sessions',
  task: 'tasks',
  complaint: 'complaints',
  report: 'reports',
  review: 'reviews',
  payment: 'payments',
  package: 'packages',
};

type Names = Record<string, string>;

/** The Italian names of the values of a field, whatever the aggregate (each from its module's labels.ts). */
const fieldLabels: Record<string, Names> = {
  paymentStatus: paymentStatusLabels,
  paymentMethod: paymentMethodLabels,
  transactionType: transactionTypeLabels,
  paymentProvider: paymentProviderLabels,
  deliveryType: deliveryTypeLabels,
  role: roleLabels,
  byRole: roleLabels,
  reporterRole: roleLabels,
  storeType: storeTypeLabels,
  by: cancelledByLabels,
  requestType: requestTypeLabels,
  urgencyLevel: urgencyLabels,
  unlockStatus: unlockStatusLabels,
  unlockedBy: { collaborator_accepted: 'Il collaboratore ha accettato', admin_override: 'L’amministrazione' },
  origin: assignmentOriginLabels,
  priority: priorityLabels,
  permissions: permissionLabels,
  securityLevel: securityLevelLabels,
  services: collaboratorServices,
  requiredServices: collaboratorServices,
  complaintType: caseTypeLabels,
  compensationStatus: compensationLabels,
  method: compensationMethodLabels,
  reportType: reportTypeLabels,
  reviewerType: reviewerTypeLabels,
  revieweeType: revieweeTypeLabels,
  subjectType: subjectTypeLabels,
  assignmentPaymentStatus: assignmentPaymentStatusLabels,
  refundStatus: refundStatusLabels,
  accessStatus: accessStatusLabels,
};

/** Where a field's values mean something else in one aggregate: "status" above all, and a task's or a case's "type". */
const aggregateLabels: Partial<Record<AggregateType, Record<string, Names>>> = {
  user: { status: userStatusLabels, by: dataExportedByLabels, format: dataExportFormatLabels },
  store: { status: storeStatusLabels, type: packageTypeLabels },
  product: { status: productStatusLabels },
  'global-product': { status: productStatusLabels },
  order: { status: orderStatusLabels, kind: orderCodeKindLabels, state: withdrawalStateLabels },
  reservation: { status: reservationStatusLabels },
  payment: {
    status: transactionStatusLabels,
    kind: purposeKindLabels,
    paymentMethod: { ...paymentMethodLabels, ...paymentProviderLabels },
    holderKind: accountHolderKindLabels,
    outcome: disputeOutcomeLabels,
    disputeReason: disputeReasonLabels,
  },
  'store-payment-accounts': { holderKind: accountHolderKindLabels, kind: accountHolderKindLabels, provider: paymentProviderLabels, failureCode: payoutFailureLabels },
  'collaborator-payment-accounts': { holderKind: accountHolderKindLabels, kind: accountHolderKindLabels, provider: paymentProviderLabels, failureCode: payoutFailureLabels },
  package: { type: packageTypeLabels, status: packageStatusLabels },
  'contact-submission': { status: contactStatusLabels },
  'search-vocabulary': { status: vocabularyStatusLabels },
  'package-unlock': { status: unlockStatusLabels },
  collaborator: { status: collaboratorStatusLabels, approvalStatus: approvalStatusLabels },
  'collaboration-request': { status: requestStatusLabels, reason: expiredReasonLabels },
  assignment: { status: assignmentStatusLabels, by: roleLabels, paymentStatus: assignmentPaymentStatusLabels, provider: paymentProviderLabels },
  'collaboration-session': { status: sessionStatusLabels, kind: codeKindLabels, reason: sessionExpiredReasonLabels },
  task: { status: taskStatusLabels, type: taskTypeLabels, by: taskCancelledByLabels },
  complaint: { status: caseStatusLabels, kind: caseKindLabels, type: partyTypeLabels, severity: caseSeverityLabels, urgency: caseUrgencyLabels },
  report: { status: reportStatusLabels, severity: reportSeverityLabels },
  review: { reason: publishedReasonLabels },
  erasure: { status: erasureStatusLabels, by: erasureRequestedByLabels },
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

/** One plain value of field `key` in a history of `type`; `amounts`: the fields the server says hold euros (every `…Cents` it converted). */
export function showValue(type: AggregateType, key: string, value: unknown, references: References, amounts: readonly string[] = []): Shown {
  if (value === null || value === undefined || value === '') return { text: '—' };
  if (typeof value === 'boolean') return { text: value ? 'sì' : 'no' };
  if (typeof value === 'number') {
    return { text: moneyFields.has(key) || amounts.includes(key) ? formatMoney(value) : value.toLocaleString('it-IT', { maximumFractionDigits: 6 }) };
  }
  if (typeof value !== 'string') return { text: typeof value === 'bigint' ? value.toString() : JSON.stringify(value) };
  const named = references[value];
  if (named) {
    const resource = resourceOf[named.type];
    // A stock hold names its order as `order:<id>`: the link opens the order.
    return resource ? { text: named.name, link: { resource, id: value.slice(value.indexOf(':') + 1) } } : { text: named.name };
  }
  const label = (aggregateLabels[type]?.[key] ?? fieldLabels[key])?.[value];
  if (label) return { text: label };
  if (isoTime.test(value) && !Number.isNaN(Date.parse(value))) return { text: formatDateTime(value) };
  return { text: value };
}

/** Fields no person reads: a stored file's id (its case shows the file), a refund's Idempotency-Key, the versions of a code, the provider's events already handled. */
const technical = new Set(['fileId', 'refundKey', 'activationCodeVersion', 'closureCodeVersion', 'codeVersion', 'version', 'seenEvents', 'seenPayouts']);

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
  return Object.entries(value).filter(([k, v]) => !hide?.(k, v) && !namedById(k, v) && !technical.has(k));
}

/** What every value of one history needs to be read: whose history, the field names, the records named, the amounts, what says nothing. */
export interface ValueContext {
  type: AggregateType;
  label: (key: string) => string;
  references: References;
  /** The fields holding euros (the server's `amounts`). */
  amounts?: readonly string[];
  hide?: (key: string, v: unknown) => boolean;
}

/** A field's name, or the name of the record a key stands for (a product's stock held by order: `order:<id>` → «Ordine di …»). */
export const keyLabel = (context: ValueContext, key: string): string => context.references[key]?.name ?? context.label(key);

/** One line of a history as the page writes it: the field's Italian name (with the names of the fields it sits in) and its value's text. */
export interface Line {
  label: string;
  text: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The lines ValueList shows of `value`, as text: what a person reads of an event or a state (the
 * test that every event of every module reads in words walks these).
 */
export function linesOf(value: unknown, context: ValueContext, field = '', label = ''): Line[] {
  const whole = showWhole(field, value);
  if (whole) return [{ label, text: whole.text }];
  if (isObject(value)) {
    return shownEntries(value, context.references, context.hide).flatMap(([key, v]) =>
      linesOf(v, context, key, label ? `${label} › ${keyLabel(context, key)}` : keyLabel(context, key)),
    );
  }
  if (Array.isArray(value)) {
    const items: unknown[] = value;
    if (!items.length) return [{ label, text: '—' }];
    if (items.some(isObject)) return items.flatMap((item) => linesOf(item, context, field, label));
    return [{ label, text: items.map((item) => showValue(context.type, field, item, context.references, context.amounts).text).join(', ') }];
  }
  return [{ label, text: showValue(context.type, field, value, context.references, context.amounts).text }];
}

/** A field's Italian name in the histories of `resource`'s aggregate, by react-admin's `translate`: the one the histories share where they name it apart, else the resource's own. */
export const fieldLabelOf =
  (translate: (key: string, options?: { _: string }) => string, resource: string | undefined) =>
  (key: string): string =>
    translate(`history.fields.${key}`, { _: translate(`resources.${resource}.fields.${key}`, { _: key }) });

/** Every event and state repeats the aggregate's own id: it says nothing about what changed. */
export const ownIdOf = (id: string) => (_key: string, value: unknown) => value === id;
