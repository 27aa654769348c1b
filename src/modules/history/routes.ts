import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '../../platform/domain/errors.js';
import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { usernamesOf } from '../users/queries.js';
import { historyApi, historyParams, revisionParam, type Reference } from './contract.js';
import { namesOf } from './queries.js';
import { referencedIds, referencesIn, shownWithAmounts } from './shown.js';

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
      const shownEvents = events.map((e) => shownWithAmounts(e.data));
      const changes = shownEvents.map((e) => e.value);
      const shownCorrections = corrections.map((list) => list.map((c) => shownWithAmounts(c.data)));
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
        amounts: [...new Set([...shownEvents[i]!.amounts, ...shownCorrections[i]!.flatMap((c) => c.amounts)])],
        ...(corrections[i]!.length
          ? {
              corrections: corrections[i]!.map((c, j) => ({
                position: c.at,
                time: c.time,
                actor: c.actorUserId ? { userId: c.actorUserId, username: usernames.get(c.actorUserId) ?? null, role: c.actorRole } : null,
                reason: c.reason,
                changes: shownCorrections[i]![j]!.value,
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
      const { value: shownState, amounts } = shownWithAmounts(state);
      const names = await namesOf(db, referencedIds(shownState, new Map()));
      return {
        revision,
        type: last.type,
        italianName: app.catalog.eventName(last.type),
        time: last.metadata.at,
        state: shownState,
        references: referencesIn(shownState, names),
        amounts,
      };
    },
  });
};
