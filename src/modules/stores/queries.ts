import { z } from 'zod';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import { DomainError } from '../../platform/domain/errors.js';
import { anyOf, uuidFilter, type ListResource } from '../../platform/http/admin-rest.js';
import { storeStatuses, weekHours, type PublicStore, type Store } from './contract.js';
import { isOpen, romeClock } from './opening-hours.js';

/** A row of the `stores` read model with its view count. */
export const storeRow = z.object({
  id: column.uuid,
  owner_id: column.uuid,
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  category: z.string(),
  store_type: z.enum(['retail', 'wholesale']),
  latitude: z.number(),
  longitude: z.number(),
  opening_hours: weekHours.nullable(),
  delivery_radius: z.number(),
  logo: z.string().nullable(),
  images: z.array(z.string()),
  show_phone: z.boolean(),
  show_email: z.boolean(),
  show_map: z.boolean(),
  status: z.enum(storeStatuses),
  status_reason: z.string().nullable(),
  shipping_enabled: z.boolean(),
  pickup_only: z.boolean(),
  shipping_radius: z.number().nullable(),
  minimum_order_for_shipping_cents: z.number().nullable(),
  shipping_cost_cents: z.number().nullable(),
  free_shipping_threshold_cents: z.number().nullable(),
  shipping_note: z.string().nullable(),
  online_payments_enabled: z.boolean(),
  stripe_payments_enabled: z.boolean(),
  paypal_payments_enabled: z.boolean(),
  created_at: column.time,
  updated_at: column.time,
  views: z.number(),
});

/** A stores row, its times as ISO text (the read side's client, the admin list kit included). */
export type StoreRow = z.infer<typeof storeRow>;

/** A read-model row as the owner and the admin see it (docs/api-catalogue.md `Store`). */
export function storeJson(r: StoreRow): Store {
  return {
    id: r.id,
    userId: r.owner_id,
    name: r.name,
    slug: r.slug,
    description: r.description,
    address: r.address,
    phone: r.phone,
    email: r.email,
    website: r.website,
    category: r.category,
    storeType: r.store_type,
    latitude: r.latitude,
    longitude: r.longitude,
    openingHours: r.opening_hours,
    deliveryRadius: r.delivery_radius,
    logo: r.logo,
    images: r.images,
    showPhone: r.show_phone,
    showEmail: r.show_email,
    showMap: r.show_map,
    status: r.status,
    statusReason: r.status_reason,
    shippingEnabled: r.shipping_enabled,
    pickupOnly: r.pickup_only,
    shippingRadius: r.shipping_radius,
    minimumOrderForShipping: r.minimum_order_for_shipping_cents,
    shippingCost: r.shipping_cost_cents,
    freeShippingThreshold: r.free_shipping_threshold_cents,
    shippingNote: r.shipping_note,
    onlinePaymentsEnabled: r.online_payments_enabled,
    stripePaymentsEnabled: r.stripe_payments_enabled,
    paypalPaymentsEnabled: r.paypal_payments_enabled,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    views: r.views,
  };
}

/** What anyone may see of a store: contacts only where the owner shows them, and whether it is open. */
export function publicStoreJson(row: StoreRow, now = new Date()): PublicStore {
  const { userId: _u, views: _v, statusReason: _r, ...rest } = storeJson(row);
  return {
    ...rest,
    phone: row.show_phone ? row.phone : null,
    email: row.show_email ? row.email : null,
    openNow: isOpen(row.opening_hours, romeClock(now)),
    rating: null,
  };
}

/** The owner's store with its view count (spec §7 GET /api/stores/me). */
export async function findStoreByOwner(db: ReadDb, ownerId: string): Promise<StoreRow | null> {
  return db.maybeOne(sql.type(storeRow)`
    SELECT s.*, coalesce(v.views, 0)::int AS views FROM stores s LEFT JOIN store_views v ON v.store_id = s.id
    WHERE s.owner_id = ${ownerId} ORDER BY s.created_at LIMIT 1`);
}

/**
 * The shopkeeper's own shop, when it may work with collaborators (`what`, said as «chiedere
 * collaborazioni»): a shop waiting for approval or suspended is refused with the reason.
 */
export async function activeStoreOfOwner(db: ReadDb, ownerId: string, what: string, noShop: string): Promise<StoreRow> {
  const shop = await findStoreByOwner(db, ownerId);
  if (!shop) throw new DomainError(noShop, 'not-found');
  if (shop.status === 'pending') throw new DomainError(`Il tuo negozio è ancora in attesa di approvazione: potrai ${what} quando sarà approvato.`, 'rule');
  if (shop.status === 'suspended') throw new DomainError(`Il tuo negozio è sospeso: non puoi ${what}.`, 'rule');
  return shop;
}

/** What PostgreSQL reads as a uuid; anything else (a slug of 36 dashes too) is looked up as a slug. */
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A store by id or slug, with its view count. */
export async function findStore(db: ReadDb, idOrSlug: string): Promise<StoreRow | null> {
  const where = uuidShape.test(idOrSlug) ? sql.fragment`s.id = ${idOrSlug}::uuid` : sql.fragment`lower(s.slug) = lower(${idOrSlug})`;
  return db.maybeOne(sql.type(storeRow)`
    SELECT s.*, coalesce(v.views, 0)::int AS views FROM stores s LEFT JOIN store_views v ON v.store_id = s.id
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
  select: 's.*, coalesce((SELECT views FROM store_views v WHERE v.store_id = s.id), 0)::int AS views',
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
};
