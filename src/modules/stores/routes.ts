import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeStore, createStore } from './commands.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { OpeningHours, StoreProfile } from './decider.js';
import { isOpen, romeClock } from './opening-hours.js';
import { googleMapsSettingsReader } from '../settings/google-maps-settings-projection.js';
import { findStore, findStoreByOwner, type StoreRow } from './projection.js';
import { commandContext } from '../../platform/http/command-context.js';
import { boundingBox } from '../../platform/http/geo.js';
import { ReadCache } from '../../platform/http/read-cache.js';
import { textPatterns, TypoCorrections } from '../search/search-words.js';
import { requireRole } from '../../platform/http/plugins/session.js';
import { storeChangesSchema, storeProfileSchema } from './schemas.js';
import { nearQuery, requiredText, uuidParam, withMapDefaults, type Near } from '../../platform/http/schemas.js';
import { productColumns, productJson, type ProductRow } from '../catalog/routes.js';

const camel = (key: string): string => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
/** Columns that are not the store's: the admin search's text carries the e-mail even when hidden. */
const hidden = new Set(['deleted', 'admin_text']);

/** A read-model row as the owner sees it (docs/api-catalogue.md `Store`): camelCase keys. */
export function storeJson(row: StoreRow): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row)
      .filter(([k]) => !hidden.has(k))
      .map(([k, v]) => [k === 'owner_id' ? 'userId' : camel(k), v]),
  );
}

/** What anyone may see of a store: contacts only where the owner shows them, and whether it is open. */
export function publicStoreJson(row: StoreRow, now = new Date()): Record<string, unknown> {
  const { userId: _u, views: _v, statusReason: _r, ...rest } = storeJson(row);
  return {
    ...rest,
    phone: row.show_phone ? row.phone : null,
    email: row.show_email ? row.email : null,
    openNow: isOpen(row.opening_hours as OpeningHours | null, romeClock(now)),
    rating: null,
  };
}

const params = z.object({ id: uuidParam });
const nearbyQuery = z.object({
  ...nearQuery,
  /** The nearest this many: a list's first screen by default, a whole city's map at most. */
  limit: z.coerce
    .number({ error: 'Limite: un numero intero da 1 a 200.' })
    .int('Il limite deve essere un numero intero.')
    .min(1, 'Il limite minimo è 1.')
    .max(200, 'Il limite massimo è 200.')
    .default(50),
});

/** A shop of the nearby list: what its card and map pin show. */
interface NearbyRow {
  id: string;
  name: string;
  slug: string;
  category: string;
  address: string;
  latitude: number;
  longitude: number;
  logo: string | null;
  /** Today's opening slots (Rome's clock). */
  today: OpeningHours[keyof OpeningHours] | null;
  distance_km: number;
}

/** Stores: creation and settings for the owner, public pages, nearby shops, admin approval. */
export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, store } = app.deps;

  app.post('/api/stores', { schema: { body: storeProfileSchema } }, async (request, reply) => {
    const user = requireRole(request, 'shopkeeper');
    const storeId = randomUUID();
    const { position } = await createStore(store, { storeId, ownerId: user.id, profile: request.body as StoreProfile }, commandContext(request));
    await request.settle(position);
    const row = await findStoreByOwner(pool, user.id);
    return reply.status(201).send(row ? storeJson(row) : { id: storeId });
  });

  app.get('/api/stores/me', async (request) => {
    const user = requireRole(request, 'shopkeeper');
    const row = await findStoreByOwner(pool, user.id);
    if (!row) throw new DomainError('Non hai ancora creato il tuo negozio.', 'not-found');
    return storeJson(row);
  });

  app.patch('/api/stores/me', { schema: { body: storeChangesSchema } }, async (request) => {
    const user = requireRole(request, 'shopkeeper');
    const row = await findStoreByOwner(pool, user.id);
    if (!row) throw new DomainError('Non hai ancora creato il tuo negozio.', 'not-found');
    const position = await changeStore(store, row.id, { type: 'UpdateStore', changes: request.body as Partial<StoreProfile> }, commandContext(request));
    await request.settle(position);
    return storeJson((await findStoreByOwner(pool, user.id))!);
  });

  const nearbyCache = new ReadCache(app.deps.projections, ['stores']);
  const mapSettings = googleMapsSettingsReader(app.deps.db, app.deps.projections);
  const typos = new TypoCorrections(pool, app.deps.projections, { table: 'store_words', readModel: 'stores' });
  app.get('/api/stores/nearby', { schema: { querystring: nearbyQuery } }, async (request, reply) => {
    const query = withMapDefaults(request.query, await mapSettings.read());
    reply.type('application/json; charset=utf-8');
    return nearbyCache.json(JSON.stringify(query), () => nearby(query));
  });

  const nearby = async ({ lat, lng, radius, category, q, limit }: Near<z.output<typeof nearbyQuery>>) => {
    const box = boundingBox(lat, lng, radius);
    const clock = romeClock(new Date());
    // Each word of `q` in the name or description, as part of a word or through a typo correction.
    const words = q ? textPatterns(await typos.of(q)) : [];
    const patterns = words.length ? words : null;
    // The nearest `limit` are chosen from the position index alone (migration 014), with the distance
    // as one inlined expression; only they are then read, with today's hours only.
    const { rows } = await pool.query<NearbyRow>(
      `SELECT s.id, s.name, s.slug, s.category, s.address, s.latitude, s.longitude, s.logo, s.opening_hours -> $10::text AS today, n.distance_km
       FROM (
         SELECT id, distance_km($1, $2, latitude, longitude) AS distance_km
         FROM stores
         WHERE status = 'active'
           AND latitude BETWEEN $6 AND $7 AND longitude BETWEEN $8 AND $9
           AND distance_km($1, $2, latitude, longitude) <= $3::float8
           AND ($4::text IS NULL OR category = $4)
           AND ($5::text[] IS NULL OR f_unaccent(lower(name || ' ' || description)) ~ ALL ($5::text[]))
         ORDER BY 2, id
         LIMIT $11
       ) n JOIN stores s ON s.id = n.id
       ORDER BY n.distance_km, n.id`,
      [lat, lng, radius, category ?? null, patterns, box.minLat, box.maxLat, box.minLng, box.maxLng, clock.day, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      category: r.category,
      address: r.address,
      latitude: r.latitude,
      longitude: r.longitude,
      logo: r.logo,
      openNow: isOpen({ [clock.day]: r.today ?? [] } as OpeningHours, clock),
      distanceKm: Math.round(r.distance_km * 100) / 100,
    }));
  };

  /** Active stores for everyone; a pending or suspended one only for its owner and admins. */
  const visibleStore = async (request: Parameters<typeof requireRole>[0], idOrSlug: string) => {
    const row = await findStore(pool, idOrSlug);
    const privileged = row && (request.user?.role === 'admin' || request.user?.id === row.owner_id);
    if (!row || (row.status !== 'active' && !privileged)) throw new DomainError('Negozio non trovato.', 'not-found');
    return { row, privileged: Boolean(privileged) };
  };

  app.get('/api/stores/:idOrSlug', { schema: { params: z.object({ idOrSlug: z.string().min(1).max(120) }) } }, async (request) => {
    const { row, privileged } = await visibleStore(request, request.params.idOrSlug);
    // Views are a counter, not a business fact (issue #4): one statement, no event; in all and per
    // day of the Rome calendar (the shop's conversion). The owner and admins looking are no visitors.
    if (!privileged) {
      await pool.query(
        `WITH daily AS (
           INSERT INTO store_views_daily (store_id, day, views) VALUES ($1, (now() AT TIME ZONE 'Europe/Rome')::date, 1)
           ON CONFLICT (store_id, day) DO UPDATE SET views = store_views_daily.views + 1
         )
         INSERT INTO store_views (store_id, views) VALUES ($1, 1) ON CONFLICT (store_id) DO UPDATE SET views = store_views.views + 1`,
        [row.id],
      );
    }
    return publicStoreJson(row);
  });

  app.get('/api/stores/:idOrSlug/products', { schema: { params: z.object({ idOrSlug: z.string().min(1).max(120) }) } }, async (request) => {
    const { row, privileged } = await visibleStore(request, request.params.idOrSlug);
    const { rows } = await pool.query<ProductRow>(
      `SELECT ${productColumns()} FROM products WHERE store_id = $1 AND NOT is_deleted ${privileged ? '' : "AND status = 'active'"}
       ORDER BY featured DESC, created_at DESC`,
      [row.id],
    );
    return rows.map(productJson);
  });

  const adminAction = (command: (body: { reason?: string }) => Parameters<typeof changeStore>[2]) =>
    async (request: Parameters<typeof requireRole>[0] & { params: { id: string }; body?: unknown }) => {
      requireRole(request, 'admin');
      const position = await changeStore(store, request.params.id, command((request.body ?? {}) as { reason?: string }), commandContext(request));
      await request.settle(position);
      const row = await findStore(pool, request.params.id);
      if (!row) throw new DomainError('Negozio non trovato.', 'not-found');
      return storeJson(row);
    };

  app.post('/api/admin/stores/:id/approve', { schema: { params } }, adminAction(() => ({ type: 'ApproveStore' })));
  app.post(
    '/api/admin/stores/:id/suspend',
    { schema: { params, body: z.object({ reason: requiredText('Motivo', { max: 500 }) }) } },
    adminAction((body) => ({ type: 'SuspendStore', reason: body.reason! })),
  );
  app.post('/api/admin/stores/:id/reactivate', { schema: { params } }, adminAction(() => ({ type: 'ReactivateStore' })));
};
