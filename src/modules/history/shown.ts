import { maskSecrets } from '../../platform/eventstore/export.js';
import { eurosForCents } from '../../platform/http/money.js';
import type { Reference } from './contract.js';

/*
 * What the admin's history shows of an event's data or of a state, before the page writes it in
 * words (web/src/admin/history/values.ts): secrets masked, amounts in euros, and the ids that name
 * other records, so that one query gives each its name (queries.ts namesOf).
 */

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * `value` as the history shows it, in one pass of the serializer (a history shows a thousand events
 * at once): sets (favourites, notifications read) and a payment's refunds (by their Idempotency-Key) as lists, secrets masked wherever they sit, every
 * `…Cents` amount in euros under its name without the suffix; and the names of the fields that hold
 * those euros, so the page writes them as money whatever they are called (`paymentAmount`).
 */
export function shownWithAmounts(value: unknown): { value: unknown; amounts: string[] } {
  const amounts = new Set<string>();
  const field = (key: string, v: unknown): unknown => {
    const listed =
      v instanceof Set
        ? [...v]
        : key === 'refunds' && isRecord(v)
          ? Object.values(v)
          : // A payment's disputes, by the provider's id: a list, each naming itself.
            key === 'disputes' && isRecord(v)
            ? Object.entries(v).map(([disputeId, dispute]) => ({ disputeId, ...(dispute as object) }))
            : v;
    const visible = maskSecrets(key, listed);
    const euros = eurosForCents(key, visible);
    if (euros !== visible && euros && typeof euros === 'object')
      for (const name of Object.keys(visible as object)) if (!(name in euros)) amounts.add(name.slice(0, -'Cents'.length));
    return euros;
  };
  return { value: JSON.parse(JSON.stringify(value, field) ?? 'null'), amounts: [...amounts] };
}

/** `value` as the history shows it (shownWithAmounts), without the names of its amounts. */
export const shown = (value: unknown): unknown => shownWithAmounts(value).value;

/** The fields whose value is another record's id, and which kind of record it names. */
export const referenceFields: Record<string, Reference['type']> = {
  userId: 'user',
  ownerId: 'user',
  storeOwnerId: 'user',
  addedBy: 'user',
  repliedByUserId: 'user',
  // Collaboration requests and package unlocks (issue [12]): who asked, who helps, which admin unlocked.
  shopkeeperId: 'user',
  collaboratorId: 'user',
  adminUserId: 'user',
  storeId: 'store',
  originalStoreId: 'store',
  // A payment account's holder (issue [20]): a shop, or a collaborator where its holderKind says so (referencedIds).
  holderId: 'store',
  productId: 'product',
  originalProductId: 'product',
  globalProductId: 'global-product',
  orderId: 'order',
  reservationId: 'reservation',
  // The people of a collaboration, a case, a report or a review, and the admins who acted on them.
  adminId: 'user',
  byUserId: 'user',
  complainantId: 'user',
  respondentId: 'user',
  reportedByUserId: 'user',
  reviewerId: 'user',
  revieweeId: 'user',
  customerId: 'user',
  fromUserId: 'user',
  toUserId: 'user',
  assignedAdminId: 'user',
  firstDeciderId: 'user',
  // The collaborators a waiting request was offered to, in turn.
  offered: 'user',
  // The records of the collaboration (issues [12]–[14]) and the money they move.
  assignmentId: 'assignment',
  requestId: 'collaboration-request',
  unlockId: 'package-unlock',
  sessionId: 'collaboration-session',
  taskId: 'task',
  caseId: 'complaint',
  reportId: 'report',
  reviewId: 'review',
  paymentId: 'payment',
  transactionId: 'payment',
  packageId: 'package',
};
/** Fields holding a category's slug: shown by the category's Italian name. */
const categoryFields = new Set(['category', 'categories']);
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A product's stock held for an order or a reservation: the hold is named `order:<its id>`, `reservation:<its id>` (a product's `holds` and `releases` by hold). */
const holdFields = new Set(['holds', 'releases']);
const heldFor = /^(order|reservation):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const holdOf = (hold: string): Reference['type'] => (hold.startsWith('order:') ? 'order' : 'reservation');

/** The ids `value` holds in reference fields, at any depth (an order's lines name their products). */
export function referencedIds(value: unknown, into: Map<string, Reference['type']>): Map<string, Reference['type']> {
  if (Array.isArray(value)) for (const item of value) referencedIds(item, into);
  else if (value !== null && typeof value === 'object') {
    const holderKind = (value as Record<string, unknown>).holderKind;
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const type = key === 'holderId' && holderKind === 'collaborator' ? 'user' : referenceFields[key];
      if (type && typeof v === 'string' && uuidText.test(v)) into.set(v, type);
      else if (type && Array.isArray(v)) {
        for (const item of v as unknown[]) if (typeof item === 'string' && uuidText.test(item)) into.set(item, type);
      } else if (holdFields.has(key) && v !== null && typeof v === 'object') {
        for (const hold of Object.keys(v)) if (heldFor.test(hold)) into.set(hold, holdOf(hold));
      } else if (key === 'users' && v !== null && typeof v === 'object' && !Array.isArray(v)) {
        // A shared product's users: each shop's product, by its id, and the shop.
        for (const [productId, storeId] of Object.entries(v)) {
          if (uuidText.test(productId)) into.set(productId, 'product');
          if (typeof storeId === 'string' && uuidText.test(storeId)) into.set(storeId, 'store');
        }
      } else if (key === 'holdId' && typeof v === 'string' && heldFor.test(v)) into.set(v, holdOf(v));
      else if (categoryFields.has(key) && typeof v === 'string' && v) into.set(v, 'category');
      else if (categoryFields.has(key) && Array.isArray(v)) {
        for (const slug of v) if (typeof slug === 'string' && slug) into.set(slug, 'category');
      } else referencedIds(v, into);
    }
  }
  return into;
}

/** The names of the ids one value holds, from those the page resolved. */
export const referencesIn = (value: unknown, names: Map<string, Reference>): Record<string, Reference> =>
  Object.fromEntries([...referencedIds(value, new Map()).keys()].flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : [])));
