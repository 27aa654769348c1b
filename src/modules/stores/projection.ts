import type pg from 'pg';
import type { StoreEvent, StoreProfile } from './store.js';
import { byEventType, type Projection } from '../../platform/projections/projection.js';

const storeIdOf = (streamId: string): string => streamId.slice('store-'.length);

/** Where each profile field lives in the `stores` table; json ones are stored as jsonb. */
const columns: Record<keyof StoreProfile, string> = {
  name: 'name',
  description: 'description',
  address: 'address',
  phone: 'phone',
  email: 'email',
  website: 'website',
  category: 'category',
  storeType: 'store_type',
  latitude: 'latitude',
  longitude: 'longitude',
  openingHours: 'opening_hours',
  deliveryRadius: 'delivery_radius',
  logo: 'logo',
  images: 'images',
  showPhone: 'show_phone',
  showEmail: 'show_email',
  showMap: 'show_map',
  shippingEnabled: 'shipping_enabled',
  pickupOnly: 'pickup_only',
  shippingRadius: 'shipping_radius',
  minimumOrderForShippingCents: 'minimum_order_for_shipping_cents',
  shippingCostCents: 'shipping_cost_cents',
  freeShippingThresholdCents: 'free_shipping_threshold_cents',
  shippingNote: 'shipping_note',
  onlinePaymentsEnabled: 'online_payments_enabled',
  stripePaymentsEnabled: 'stripe_payments_enabled',
  paypalPaymentsEnabled: 'paypal_payments_enabled',
};
const jsonFields = new Set<keyof StoreProfile>(['openingHours', 'images']);

function columnValues(profile: Partial<StoreProfile>): { names: string[]; values: unknown[] } {
  const entries = (Object.keys(profile) as (keyof StoreProfile)[]).filter((k) => k in columns);
  return {
    names: entries.map((k) => columns[k]),
    // A json field not stated (hours not given yet) is NULL, not the json value null.
    values: entries.map((k) => (jsonFields.has(k) && profile[k] !== null ? JSON.stringify(profile[k]) : profile[k])),
  };
}

const setStatus =
  (status: string, reason: (data: StoreEvent['data']) => string | null) =>
  (event: { streamId: string; data: StoreEvent['data']; metadata: { at: string } }, tx: { query: (q: string, v: unknown[]) => Promise<unknown> }) =>
    tx.query('UPDATE stores SET status = $2, status_reason = $3, updated_at = $4 WHERE id = $1', [storeIdOf(event.streamId), status, reason(event.data), event.metadata.at]);

/**
 * The words of a store's name and description join the dictionary the nearby-shops search corrects
 * typos against (migration 026, src/modules/search/search-words.ts).
 */
const addWords = (storeId: string, tx: Pick<pg.ClientBase, 'query'>) =>
  tx.query(
    `INSERT INTO store_words (word, lexeme)
     SELECT DISTINCT ON (w.word) w.word, w.lexeme FROM stores s, search_words_of(s.name || ' ' || s.description) w
     WHERE s.id = $1 ORDER BY w.word
     ON CONFLICT (word) DO NOTHING`,
    [storeId],
  );

/** The `stores` read model: every field of a store and its status, and the words of its name and description (`store_words`). */
export const storesProjection: Projection = {
  name: 'stores',
  title: 'Negozi',
  // 3: shipping amounts in cents (*_cents columns); 4: the plan (current_package_id, package_expires_at).
  version: 4,
  tables: ['stores', 'store_words'],
  apply: byEventType<StoreEvent>({
    StoreCreated: async (event, tx) => {
      const { storeId, ownerId, slug, profile } = event.data;
      const { names, values } = columnValues(profile);
      const params = values.map((_, i) => `$${i + 5}`);
      await tx.query(
        `INSERT INTO stores (id, owner_id, slug, created_at, updated_at, ${names.join(', ')})
         VALUES ($1, $2, $3, $4, $4, ${params.join(', ')}) ON CONFLICT (id) DO NOTHING`,
        [storeId, ownerId, slug, event.metadata.at, ...values],
      );
      await addWords(storeId, tx);
    },
    StoreUpdated: async (event, tx) => {
      const { names, values } = columnValues(event.data.changes);
      if (!names.length) return;
      await tx.query(`UPDATE stores SET ${names.map((n, i) => `${n} = $${i + 3}`).join(', ')}, updated_at = $2 WHERE id = $1`, [
        storeIdOf(event.streamId),
        event.metadata.at,
        ...values,
      ]);
      if ('name' in event.data.changes || 'description' in event.data.changes) await addWords(storeIdOf(event.streamId), tx);
    },
    StoreApproved: setStatus('active', () => null),
    StoreSuspended: setStatus('suspended', (data) => ('reason' in data ? data.reason : null)),
    StoreReactivated: setStatus('active', () => null),
    StorePlanChanged: async (event, tx) => {
      await tx.query('UPDATE stores SET current_package_id = $2, package_expires_at = $3, updated_at = $4 WHERE id = $1', [
        storeIdOf(event.streamId),
        event.data.packageId,
        event.data.expiresAt,
        event.metadata.at,
      ]);
    },
    StorePlanRevised: async (event, tx) => {
      const { names, values } = columnValues(event.data.changes);
      await tx.query(`UPDATE stores SET current_package_id = $3, package_expires_at = $4, ${names.map((n, i) => `${n} = $${i + 5}, `).join('')}updated_at = $2 WHERE id = $1`, [
        storeIdOf(event.streamId),
        event.metadata.at,
        event.data.plan?.packageId ?? null,
        event.data.plan?.expiresAt ?? null,
        ...values,
      ]);
    },
    StorePlanEnded: async (event, tx) => {
      const { names, values } = columnValues(event.data.switchedOff);
      await tx.query(`UPDATE stores SET current_package_id = NULL, package_expires_at = NULL, ${names.map((n, i) => `${n} = $${i + 3}, `).join('')}updated_at = $2 WHERE id = $1`, [
        storeIdOf(event.streamId),
        event.metadata.at,
        ...values,
      ]);
    },
  }),
};
