import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import { maskSecrets } from '../../platform/eventstore/export.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { eurosForCents } from '../../platform/http/money.js';
import { usernamesOf } from '../users/queries.js';
import { historyApi, historyParams, revisionParam, type Reference } from './contract.js';
import { namesOf } from './queries.js';

/** Sets (favourites, notifications read) become lists; secrets are masked wherever they sit; amounts in euros. */
const shownField = (key: string, value: unknown): unknown => eurosForCents(key, maskSecrets(key, value instanceof Set ? [...value] : value));
/** In one pass of the serializer, since a history shows a thousand events at once. */
const shown = (value: unknown): unknown => JSON.parse(JSON.stringify(value, shownField) ?? 'null');

/** The fields whose value is another record's id, and which kind of record it names. */
const referenceFields: Record<string, Reference['type']> = {
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
  productId: 'product',
  originalProductId: 'product',
  globalProductId: 'global-product',
  orderId: 'order',
};
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

/** The names of the ids one value holds, from those the page resolved. */
const referencesIn = (value: unknown, names: Map<string, Reference>): Record<string, Reference> =>
  Object.fromEntries([...referencedIds(value, new Map()).keys()].flatMap((id) => (names.has(id) ? [[id, names.get(id)!]] : [])));

/**
 * The admin's audit (design §1 "Audit"): an aggregate's events in order, who did each, and the
 * aggregate's state right after any one of them (docs/api-admin.md).
 */
export const adminHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, store, projections } = app.deps;
  const { audited } = app.catalog;
  // The contract names any type; the server knows which aggregates are audited.
  const params = historyParams(audited);

  const eventsOf = async (type: string, id: string, upTo?: number): Promise<RecordedEvent[]> => {
    const events = await store.readStream(audited[type]!.stream(id), upTo === undefined ? {} : { maxCount: upTo + 1 });
    if (events.length === 0) throw new DomainError('Nessun evento registrato per questo elemento.', 'not-found');
    return events;
  };

  app.route({
    ...historyApi.events,
    schema: { ...historyApi.events.schema, params },
    handler: async (request) => {
      const { type, id } = request.params;
      const events = await eventsOf(type, id);
      // Kept in memory by every process (corrections are rare): no query.
      const corrections = events.map((e) => projections.corrections.of(e.id));
      const actors = [...events.map((e) => e.metadata.actorUserId), ...corrections.flat().map((c) => c.actorUserId)];
      const usernames = await usernamesOf(db, [...new Set(actors.filter((a): a is string => a !== null))]);
      const changes = events.map((e) => shown(e.data));
      const acted = new Map<string, Reference['type']>(events.flatMap((e) => (e.metadata.onBehalfOf ? [[e.metadata.onBehalfOf.storeId, 'store' as const]] : [])));
      const names = await namesOf(
        db,
        changes.reduce((ids: Map<string, Reference['type']>, c) => referencedIds(c, ids), acted),
      );
      return events.map((e, i) => ({
        revision: e.revision,
        position: e.position,
        type: e.type,
        italianName: app.catalog.eventName(e.type),
        time: e.metadata.at,
        actor: e.metadata.actorUserId
          ? {
              userId: e.metadata.actorUserId,
              username: usernames.get(e.metadata.actorUserId) ?? null,
              role: e.metadata.actorRole,
              ...(e.metadata.onBehalfOf ? { onBehalfOf: { ...e.metadata.onBehalfOf, storeName: names.get(e.metadata.onBehalfOf.storeId)?.name ?? null } } : {}),
            }
          : null,
        changes: changes[i],
        references: referencesIn(changes[i], names),
        ...(corrections[i]!.length
          ? {
              corrections: corrections[i]!.map((c) => ({
                position: c.at,
                time: c.time,
                actor: c.actorUserId ? { userId: c.actorUserId, username: usernames.get(c.actorUserId) ?? null, role: c.actorRole } : null,
                reason: c.reason,
                changes: shown(c.data),
              })),
            }
          : {}),
      }));
    },
  });

  app.route({
    ...historyApi.asOf,
    schema: { ...historyApi.asOf.schema, params: params.and(revisionParam) },
    handler: async (request) => {
      const { type, id, revision } = request.params;
      const events = await eventsOf(type, id, revision);
      const last = events[events.length - 1]!;
      if (last.revision !== revision) throw new DomainError(`L’evento ${revision} non esiste in questa cronologia.`, 'not-found');
      const decider = audited[type]!.decider(id);
      const state = events.reduce<unknown>((s, e) => decider.evolve(s, e), decider.initialState);
      const shownState = shown(state);
      const names = await namesOf(db, referencedIds(shownState, new Map()));
      return { revision, type: last.type, italianName: app.catalog.eventName(last.type), time: last.metadata.at, state: shownState, references: referencesIn(shownState, names) };
    },
  });
};
