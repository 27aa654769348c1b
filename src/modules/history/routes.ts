import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import type { DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { AuditedAggregate } from '../../platform/module.js';
import { redact } from '../../platform/eventstore/export.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';

/** The aggregate types the admin may audit (from the modules' manifests) and the URL's parameters. */
function historyParams(audited: Readonly<Record<string, AuditedAggregate>>) {
  const types = Object.keys(audited) as [string, ...string[]];
  return z
    .object({
      type: z.enum(types, { error: `Tipo non valido: uno tra ${types.join(', ')}.` }),
      id: z.string().max(100),
    })
    // The settings are one record each, answered as id "current" like GET /api/admin/site-settings/current.
    .refine(({ type, id }) => (audited[type]?.singleton ? id === 'current' : z.uuid().safeParse(id).success), {
      message: 'Identificativo non valido.',
      path: ['id'],
    });
}

/** Sets (favourites, notifications read) become lists; secrets are masked wherever they sit. */
const shown = (value: unknown): unknown => redact(JSON.parse(JSON.stringify(value, (_k, v: unknown) => (v instanceof Set ? [...v] : v)) ?? 'null'));

/** The fields whose value is another record's id, and which kind of record it names. */
const referenceFields: Record<string, Reference['type']> = {
  userId: 'user',
  ownerId: 'user',
  storeOwnerId: 'user',
  addedBy: 'user',
  storeId: 'store',
  originalStoreId: 'store',
  productId: 'product',
  originalProductId: 'product',
  globalProductId: 'global-product',
  orderId: 'order',
};
export interface Reference {
  type: 'user' | 'store' | 'product' | 'global-product' | 'order' | 'category';
  name: string;
}
/** Fields holding a category's slug: shown by the category's Italian name. */
const categoryFields = new Set(['category']);
const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ids `value` holds in reference fields, at any depth (an order's lines name their products). */
function referencedIds(value: unknown, into: Map<string, Reference['type']>): Map<string, Reference['type']> {
  if (Array.isArray(value)) for (const item of value) referencedIds(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const type = referenceFields[key];
      if (type && typeof v === 'string' && uuidText.test(v)) into.set(v, type);
      else if (categoryFields.has(key) && typeof v === 'string' && v) into.set(v, 'category');
      else referencedIds(v, into);
    }
  }
  return into;
}

/**
 * The names of the records these ids stand for, in one query whatever their kinds: a history page
 * shows "Pastificio Testaccio", not an id, and costs one round trip however many events it has.
 */
async function namesOf(pool: pg.Pool, ids: Map<string, Reference['type']>): Promise<Map<string, Reference>> {
  if (ids.size === 0) return new Map();
  const of = (type: Reference['type']) => [...ids].filter(([, t]) => t === type).map(([id]) => id);
  const { rows } = await pool.query<{ id: string; type: Reference['type']; name: string }>(
    `SELECT id::text, 'user' AS type, name || ' (' || username || ')' AS name FROM users WHERE id = ANY ($1::uuid[])
     UNION ALL SELECT id::text, 'store', name FROM stores WHERE id = ANY ($2::uuid[])
     UNION ALL SELECT id::text, 'product', name FROM products WHERE id = ANY ($3::uuid[])
     UNION ALL SELECT id::text, 'global-product', name FROM global_products WHERE id = ANY ($4::uuid[])
     UNION ALL SELECT id::text, 'order', 'Ordine di ' || customer_name || ' da ' || store_name FROM orders WHERE id = ANY ($5::uuid[])
     UNION ALL SELECT slug, 'category', name FROM categories WHERE slug = ANY ($6::text[])`,
    [of('user'), of('store'), of('product'), of('global-product'), of('order'), of('category')],
  );
  return new Map(rows.map((r) => [r.id, { type: r.type, name: r.name }]));
}

/** The names of the ids one value holds, from those the page resolved. */
const referencesIn = (value: unknown, names: Map<string, Reference>): Record<string, Reference> =>
  Object.fromEntries([...referencedIds(value, new Map()).keys()].flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : [])));

/**
 * The admin's audit (design §1 "Audit"): an aggregate's events in order, who did each, and the
 * aggregate's state right after any one of them (docs/api-admin.md).
 */
export const adminHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, store } = app.deps;
  const { audited } = app.catalog;
  const params = historyParams(audited);

  const eventsOf = async (type: string, id: string, upTo?: number): Promise<RecordedEvent[]> => {
    const events = await store.readStream(audited[type]!.stream(id), upTo === undefined ? {} : { maxCount: upTo + 1 });
    if (events.length === 0) throw new DomainError('Nessun evento registrato per questo elemento.', 'not-found');
    return events;
  };

  app.get('/api/admin/history/:type/:id', { schema: { params } }, async (request) => {
    const { type, id } = request.params;
    const events = await eventsOf(type, id);
    const actorIds = [...new Set(events.map((e) => e.metadata.actorUserId).filter((a): a is string => a !== null))];
    const { rows } = await pool.query<{ id: string; username: string }>('SELECT id, username FROM users WHERE id = ANY ($1::uuid[])', [actorIds]);
    const usernames = new Map(rows.map((r) => [r.id, r.username]));
    const changes = events.map((e) => shown(e.data));
    const names = await namesOf(pool, changes.reduce((ids: Map<string, Reference['type']>, c) => referencedIds(c, ids), new Map()));
    return events.map((e, i) => ({
      revision: e.revision,
      position: e.position,
      type: e.type,
      italianName: app.catalog.eventName(e.type),
      time: e.metadata.at,
      actor: e.metadata.actorUserId
        ? { userId: e.metadata.actorUserId, username: usernames.get(e.metadata.actorUserId) ?? null, role: e.metadata.actorRole }
        : null,
      changes: changes[i],
      references: referencesIn(changes[i], names),
    }));
  });

  app.get(
    '/api/admin/history/:type/:id/as-of/:revision',
    { schema: { params: params.and(z.object({ revision: z.coerce.number({ error: 'Revisione non valida.' }).int('Revisione non valida.').min(0, 'Revisione non valida.').max(10_000_000, 'Revisione non valida.') })) } },
    async (request) => {
      const { type, id, revision } = request.params;
      const events = await eventsOf(type, id, revision);
      const last = events[events.length - 1]!;
      if (last.revision !== revision) throw new DomainError(`L’evento ${revision} non esiste in questa cronologia.`, 'not-found');
      const decider = audited[type]!.decider(id);
      const state = events.reduce((s, e) => decider.evolve(s, e as unknown as DomainEvent), decider.initialState);
      const shownState = shown(state);
      const names = await namesOf(pool, referencedIds(shownState, new Map()));
      return { revision, type: last.type, italianName: app.catalog.eventName(last.type), time: last.metadata.at, state: shownState, references: referencesIn(shownState, names) };
    },
  );
};
