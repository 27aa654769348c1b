import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idempotencyEvents } from '../../platform/commands/idempotency.js';
import type { codeTriesEvents } from '../../platform/domain/code-tries.js';
import { uniquenessEvents } from '../../platform/commands/uniqueness.js';
import { DomainError } from '../../platform/domain/errors.js';
import { exportEvents, redact } from '../../platform/eventstore/export.js';
import { START } from '../../platform/eventstore/position.js';
import type { Position } from '../../platform/eventstore/types.js';
import type { FailedEvent } from '../../platform/projections/failures.js';
import type { ProjectionStatus } from '../../platform/projections/host.js';
import { answerArray, oneOrMany, type ArrayResource } from '../../platform/http/admin-rest.js';
import { usernamesOf } from '../users/queries.js';
import { commandContext } from '../../platform/http/command-context.js';
import { correctStoppedEvent, rebuildProjection } from './commands.js';
import { dataManagementApi, projectionStatuses, type NamedFailedEvent, type ProjectionRecord, type RecentEvent } from './contract.js';

/** The platform's own bookkeeping, left out of the recent activity. */
const bookkeeping = [...Object.keys(uniquenessEvents), ...Object.keys(idempotencyEvents), 'CodeTryPassed' satisfies keyof typeof codeTriesEvents];

const projectionsResource: ArrayResource<ProjectionRecord> = {
  name: 'projections',
  sortable: ['id', 'name', 'version', 'lag', 'status', 'updatedAt', 'lastError'],
  filters: {
    status: {
      schema: oneOrMany(z.enum(projectionStatuses, { error: 'Stato non valido: idle, running, rebuilding o failed.' })),
      matches: (record, value: string[]) => value.includes(record.status),
    },
  },
  defaultSort: 'name',
};

/**
 * The admin's data management: each read model's state and its rebuild while the site keeps
 * answering, the event log as NDJSON (the same export as `npm run events:export`) and the latest
 * events for the dashboard.
 */
export const adminDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, store, projections } = app.deps;

  /**
   * The event with what it says, as the read models read it (with its corrections; secrets
   * masked), and its corrections: who, when, why.
   */
  const named = async (event: FailedEvent | null): Promise<NamedFailedEvent | null> => {
    if (!event) return null;
    const [recorded] = await projections.correctedStore.readStream(event.streamId, { fromRevision: event.revision, maxCount: 1 }).catch(() => []);
    const data = recorded && recorded.data && typeof recorded.data === 'object' ? (redact(recorded.data) as Record<string, unknown>) : null;
    const corrections = projections.corrections.of(event.id);
    const usernames = corrections.length ? await usernamesOf(db, [...new Set(corrections.flatMap((c) => (c.actorUserId ? [c.actorUserId] : [])))]) : new Map<string, string>();
    return {
      ...event,
      italianName: app.catalog.eventName(event.type),
      summary: recorded ? app.catalog.eventSummary(recorded.type, data) : null,
      data,
      corrections: corrections.map((c) => ({
        position: c.at,
        time: c.time,
        actor: c.actorUserId ? { userId: c.actorUserId, username: usernames.get(c.actorUserId) ?? null, role: c.actorRole } : null,
        reason: c.reason,
        data: redact(c.data) as Record<string, unknown>,
      })),
    };
  };

  const toRecord = async ({ activeHere: _here, ...s }: ProjectionStatus): Promise<ProjectionRecord> => ({
    id: s.name,
    ...s,
    failedEvent: await named(s.failedEvent),
    rebuildFailedEvent: await named(s.rebuildFailedEvent),
  });

  const one = async (name: string): Promise<ProjectionRecord> => {
    const found = (await projections.status()).find((s) => s.name === name);
    if (!found) throw new DomainError(`Proiezione sconosciuta: «${name}».`, 'not-found');
    return await toRecord(found);
  };

  app.route({
    ...dataManagementApi.projections,
    handler: async (request, reply) => answerArray(reply, projectionsResource, await Promise.all((await projections.status()).map(toRecord)), request.query),
  });

  app.route({
    ...dataManagementApi.projection,
    handler: async (request) => one(request.params.name),
  });

  // 202 once the read model is emptied and its checkpoint reset: the runner holding the
  // projection's lock, in this process or another, rebuilds it in the background.
  app.route({
    ...dataManagementApi.rebuild,
    handler: async (request, reply) => {
      const { name } = request.params;
      await rebuildProjection(app.deps, name);
      request.log.info({ projection: name, by: request.user?.id }, 'projection rebuild asked');
      return reply.status(202).send(await one(name));
    },
  });

  // The event the read model stopped at, corrected: it tries again at once, with the correction
  // (as does every reader of it, in every process); the answer waits a moment for it to pass the event.
  app.route({
    ...dataManagementApi.correct,
    handler: async (request) => {
      const { name } = request.params;
      const { event, rebuilt } = await correctStoppedEvent(app.deps, name, request.body, commandContext(request));
      request.log.info({ projection: name, by: request.user?.id, rebuilt }, 'event corrected');
      // As long as any write waits for its read models (READ_MODEL_WAIT_MS: longer on a loaded machine in tests, issue [25]).
      await projections.waitFor(event, app.deps.config.READ_MODEL_WAIT_MS, [name]);
      return { projection: await one(name), rebuilt };
    },
  });
  app.route({
    ...dataManagementApi.exportEvents,
    handler: async (request, reply) => {
      const { from = START, types } = request.query;
      const body = new PassThrough();
      // A client that goes away ends the export at its next line instead of leaving it waiting.
      const write = async (line: string): Promise<void> => {
        if (body.destroyed) throw new Error('export abandoned by the client');
        if (body.write(line)) return;
        await new Promise<void>((resolve) => {
          body.once('drain', resolve);
          body.once('close', resolve);
        });
      };
      exportEvents(store, { from: from as Position, types }, write).then(
        () => body.end(),
        (error: unknown) => {
          if (!body.destroyed) request.log.error({ err: error }, 'esportazione degli eventi non riuscita');
          body.destroy(error as Error);
        },
      );
      return reply.header('Content-Type', 'application/x-ndjson; charset=utf-8').header('Content-Disposition', 'attachment; filename="vicino-eventi.ndjson"').send(body);
    },
  });

  app.route({
    ...dataManagementApi.recentEvents,
    handler: async (request): Promise<RecentEvent[]> => {
      // Straight from the log: the latest events are the recent activity. Bookkeeping of unique
      // values (every registration claims two), of Idempotency-Keys (every purchase claims one) and
      // of right one-time codes (every pickup and activation counts one) is not activity; wrong
      // codes and the locks they cause are.
      const events = await store.readLatest({ maxCount: request.query.limit, exceptTypes: bookkeeping });
      const usernames = await usernamesOf(db, [...new Set(events.flatMap((e) => (e.metadata.actorUserId ? [e.metadata.actorUserId] : [])))]);
      return events.map((e) => ({
        position: e.position,
        type: e.type,
        italianName: app.catalog.eventName(e.type),
        time: e.metadata.at,
        actor: e.metadata.actorUserId ? { userId: e.metadata.actorUserId, username: usernames.get(e.metadata.actorUserId) ?? null, role: e.metadata.actorRole } : null,
        streamId: e.streamId,
        summary: app.catalog.eventSummary(e.type, redact(e.data)),
      }));
    },
  });
};
