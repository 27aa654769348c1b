import { z } from 'zod';
import { fixedSql, sql, type ReadDb } from '../../platform/db/read.js';
import { DomainError } from '../../platform/domain/errors.js';
import { anyOf, uuidFilter, type ListResource } from '../../platform/http/admin-rest.js';
import { centsRow } from '../../platform/http/money.js';
import { store, storeSeller, storeStatuses, type PublicStore, type Store, type StoreSeller } from './contract.js';
import { isOpen, romeClock } from './opening-hours.js';

/**
 * A `stores` row as the owner and the admin see it (docs/api-catalogue.md `Store`): its columns
 * under the answer's names (the owner as `userId`), the shipping amounts in the cents the table
 * holds; of the stores aliased `s`, without the view count.
 */
const storeColumns = fixedSql(`s.id, s.owner_id AS "userId", s.name, s.slug, s.description, s.address, s.phone, s.email, s.website, s.category,
  s.store_type AS "storeType", s.latitude, s.longitude, s.opening_hours AS "openingHours", s.delivery_radius AS "deliveryRadius", s.logo, s.images,
  s.show_phone AS "showPhone", s.show_email AS "showEmail", s.show_map AS "showMap", s.status, s.status_reason AS "statusReason",
  s.shipping_enabled AS "shippingEnabled", s.pickup_only AS "pickupOnly", s.shipping_radius AS "shippingRadius",
  s.minimum_order_for_shipping_cents AS "minimumOrderForShipping", s.shipping_cost_cents AS "shippingCost",
  s.free_shipping_threshold_cents AS "freeShippingThreshold", s.shipping_note AS "shippingNote", s.online_payments_enabled AS "onlinePaymentsEnabled",
  s.stripe_payments_enabled AS "stripePaymentsEnabled", s.paypal_payments_enabled AS "paypalPaymentsEnabled", s.created_at AS "createdAt",
  s.updated_at AS "updatedAt"`);

/** A row of `storeColumns` with the view count: the `Store` answer, its amounts in cents. */
const storeRow = centsRow(store);

/** What anyone may see of a store: contacts only where the owner shows them, and whether it is open. */
export function publicStoreJson(row: Store, now = new Date()): PublicStore {
  const { userId: _u, views: _v, statusReason: _r, ...rest } = row;
  return {
    ...rest,
    phone: row.showPhone ? row.phone : null,
    email: row.showEmail ? row.email : null,
    openNow: isOpen(row.openingHours, romeClock(now)),
    rating: null,
    seller: null,
  };
}

const sellerRow = storeSeller;

/** Who sells in a shop, as declared and checked (null until declared). */
export async function sellerOf(db: ReadDb, storeId: string): Promise<StoreSeller | null> {
  return db.maybeOne(sql.type(sellerRow)`
    SELECT seller_type AS "sellerType", vat_number AS "vatNumber", status, reason, declared_at AS "declaredAt", checked_at AS "checkedAt"
    FROM store_sellers WHERE store_id = ${storeId}`);
}

/** What a shop's public page says of its seller: nothing the admin refused. */
export const publicSellerOf = (seller: StoreSeller | null): PublicStore['seller'] =>
  seller && seller.status !== 'refused' ? { sellerType: seller.sellerType, vatNumber: seller.vatNumber, status: seller.status } : null;

/** The owner's store with its view count (spec §7 GET /api/stores/me). */
export async function findStoreByOwner(db: ReadDb, ownerId: string): Promise<Store | null> {
  return db.maybeOne(sql.type(storeRow)`
    SELECT ${storeColumns}, coalesce(v.views, 0)::int AS views FROM stores s LEFT JOIN store_views v ON v.store_id = s.id
    WHERE s.owner_id = ${ownerId} ORDER BY s.created_at LIMIT 1`);
}

/** The shopkeeper's own shop; a shopkeeper without one is told to create it (404). */
export async function ownStore(db: ReadDb, ownerId: string): Promise<Store> {
  const row = await findStoreByOwner(db, ownerId);
  if (!row) throw new DomainError('Non hai ancora creato il tuo negozio.', 'not-found');
  return row;
}

/**
 * A shop as `viewer` may see it: an active one for everyone, a pending or suspended one only for its
 * owner and admins (`privileged`: no visitor); any other is not found.
 */
export async function visibleStore(db: ReadDb, idOrSlug: string, viewer: { id: string; role: string } | null | undefined): Promise<{ row: Store; privileged: boolean }> {
  const row = await findStore(db, idOrSlug);
  const privileged = Boolean(row && (viewer?.role === 'admin' || viewer?.id === row.userId));
  if (!row || (row.status !== 'active' && !privileged)) throw new DomainError('Negozio non trovato.', 'not-found');
  return { row, privileged };
}

/**
 * The shopkeeper's own shop, when it may work with collaborators (`what`, said as «chiedere
 * collaborazioni»): a shop waiting for approval or suspended is refused with the reason.
 */
export async function activeStoreOfOwner(db: ReadDb, ownerId: string, what: string, noShop: string): Promise<Store> {
  const shop = await findStoreByOwner(db, ownerId);
  if (!shop) throw new DomainError(noShop, 'not-found');
  if (shop.status === 'pending') throw new DomainError(`Il tuo negozio è ancora in attesa di approvazione: potrai ${what} quando sarà approvato.`, 'rule');
  if (shop.status === 'suspended') throw new DomainError(`Il tuo negozio è sospeso: non puoi ${what}.`, 'rule');
  return shop;
}

/** What PostgreSQL reads as a uuid; anything else (a slug of 36 dashes too) is looked up as a slug. */
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A store by id or slug, with its view count. */
export async function findStore(db: ReadDb, idOrSlug: string): Promise<Store | null> {
  const where = uuidShape.test(idOrSlug) ? sql.fragment`s.id = ${idOrSlug}::uuid` : sql.fragment`lower(s.slug) = lower(${idOrSlug})`;
  return db.maybeOne(sql.type(storeRow)`
    SELECT ${storeColumns}, coalesce(v.views, 0)::int AS views FROM stores s LEFT JOIN store_views v ON v.store_id = s.id
    WHERE ${where}`);
}

/**
 * One more visit of a store's page. Views are a counter, not a business fact (issue #4): one
 * statement, no event; in all and per day of the Rome calendar (the shop's conversion).
 */
export async function countView(db: ReadDb, storeId: string): Promise<void> {
  await db.query(sql.unsafe`
    WITH daily AS (
      INSERT INTO store_views_daily (store_id, day, views) VALUES (${storeId}, (now() AT TIME ZONE 'Europe/Rome')::date, 1)
      ON CONFLICT (store_id, day) DO UPDATE SET views = store_views_daily.views + 1
    )
    INSERT INTO store_views (store_id, views) VALUES (${storeId}, 1) ON CONFLICT (store_id) DO UPDATE SET views = store_views.views + 1`);
}

/** Admin list of stores (docs/api-admin.md): the owner's `Store`, pending ones first unless sorted. */
export const storesResource: ListResource = {
  name: 'stores',
  from: 'stores s',
  select: `${storeColumns.sql}, coalesce((SELECT views FROM store_views v WHERE v.store_id = s.id), 0)::int AS views`,
  id: 's.id',
  sortable: {
    id: 's.id',
    name: 'lower(s.name)',
    slug: 's.slug',
    category: 's.category',
    address: 's.address',
    status: 's.status',
    userId: 's.owner_id',
    createdAt: 's.created_at',
    updatedAt: 's.updated_at',
  },
  defaultOrder: "(s.status = 'pending') DESC, s.created_at DESC",
  filters: {
    status: anyOf(storeStatuses, 'Stato', 's.status'),
    userId: uuidFilter('s.owner_id'),
    category: { schema: z.string({ error: 'Categoria non valida.' }).max(60), where: (p) => `s.category = ${p}` },
  },
  searchText: 's.admin_text',
  notFound: 'Negozio non trovato.',
  row: storeRow,
};
