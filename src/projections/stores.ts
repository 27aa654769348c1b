import type { StoreEvent } from '../domain/stores/decider.js';
import { byEventType, type Projection } from './projection.js';

const storeIdOf = (streamId: string): string => streamId.slice('store-'.length);

/** The `stores` read model: every field of a store and its status. */
export const storesProjection: Projection = {
  name: 'stores',
  version: 1,
  tables: ['stores'],
  apply: byEventType<StoreEvent>({
    StoreCreated: (event, tx) => {
      const { storeId, ownerId, slug, profile: p } = event.data;
      return tx.query(
        `INSERT INTO stores (id, owner_id, name, slug, description, address, phone, email, website, category, store_type,
           latitude, longitude, opening_hours, delivery_radius, logo, images, show_phone, show_email, show_map,
           shipping_enabled, pickup_only, shipping_radius, minimum_order_for_shipping, shipping_cost,
           free_shipping_threshold, shipping_note, online_payments_enabled, stripe_payments_enabled,
           paypal_payments_enabled, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
           $23, $24, $25, $26, $27, $28, $29, $30, $31, $31)
         ON CONFLICT (id) DO NOTHING`,
        [
          storeId, ownerId, p.name, slug, p.description, p.address, p.phone, p.email, p.website, p.category, p.storeType,
          p.latitude, p.longitude, JSON.stringify(p.openingHours), p.deliveryRadius, p.logo, JSON.stringify(p.images),
          p.showPhone, p.showEmail, p.showMap, p.shippingEnabled, p.pickupOnly, p.shippingRadius,
          p.minimumOrderForShipping, p.shippingCost, p.freeShippingThreshold, p.shippingNote,
          p.onlinePaymentsEnabled, p.stripePaymentsEnabled, p.paypalPaymentsEnabled, event.metadata.at,
        ],
      );
    },
    StoreApproved: (event, tx) =>
      tx.query("UPDATE stores SET status = 'active', status_reason = NULL, updated_at = $2 WHERE id = $1", [
        storeIdOf(event.streamId),
        event.metadata.at,
      ]),
    StoreSuspended: (event, tx) =>
      tx.query("UPDATE stores SET status = 'suspended', status_reason = $2, updated_at = $3 WHERE id = $1", [
        storeIdOf(event.streamId),
        event.data.reason,
        event.metadata.at,
      ]),
    StoreReactivated: (event, tx) =>
      tx.query("UPDATE stores SET status = 'active', status_reason = NULL, updated_at = $2 WHERE id = $1", [
        storeIdOf(event.streamId),
        event.metadata.at,
      ]),
  }),
};

export interface StoreRow {
  id: string;
  owner_id: string;
  name: string;
  slug: string;
  status: string;
  [column: string]: unknown;
}

type Db = { query: import('pg').Pool['query'] };

/** The owner's store with its view count (spec §7 GET /api/stores/me). */
export async function findStoreByOwner(db: Db, ownerId: string): Promise<(StoreRow & { views: number }) | null> {
  const { rows } = await db.query<StoreRow & { views: number }>(
    `SELECT s.*, coalesce(v.views, 0)::int AS views FROM stores s LEFT JOIN store_views v ON v.store_id = s.id
     WHERE s.owner_id = $1 ORDER BY s.created_at LIMIT 1`,
    [ownerId],
  );
  return rows[0] ?? null;
}
