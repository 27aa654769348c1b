import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../platform/domain/errors.js';
import { exportEvents, redact } from '../../platform/eventstore/export.js';
import { isPosition, positionParts, START } from '../../platform/eventstore/position.js';
import type { Position } from '../../platform/eventstore/types.js';
import type { FailedEvent } from '../../platform/projections/failures.js';
import type { ProjectionStatus } from '../../platform/projections/host.js';
import { answerArray, listQuerystring, oneOrMany, type ArrayResource } from '../../platform/http/admin-rest.js';

const statuses = ['idle', 'running', 'rebuilding', 'failed'] as const;

/** The event a read model stopped at, named and told in Italian for the admin. */
type NamedFailedEvent = FailedEvent & { italianName: string; summary: string | null };

/** One projection as the data-management page shows it (docs/api-admin.md). */
type ProjectionRecord = { id: string; failedEvent: NamedFailedEvent | null; rebuildFailedEvent: NamedFailedEvent | null } & Pick<
  ProjectionStatus,
  'name' | 'version' | 'position' | 'lag' | 'lastError' | 'lastErrorAt' | 'rebuildError' | 'rebuildErrorAt' | 'updatedAt' | 'status' | 'progress'
>;

const projectionsResource: ArrayResource<ProjectionRecord> = {
  name: 'projections',
  sortable: ['id', 'name', 'version', 'lag', 'status', 'updatedAt', 'lastError'],
  filters: {
    status: {
      schema: oneOrMany(z.enum(statuses, { error: 'Stato non valido: idle, running, rebuilding o failed.' })),
      matches: (record, value: string[]) => value.includes(record.status),
    },
  },
  defaultSort: 'name',
};


const nameParams = z.object({ name: z.string().max(100) });

/** Both adapters keep each half of a position in 64 bits (PostgreSQL's global_position is a bigint). */
const largestPart = 2n ** 63n - 1n;

const exportQuery = z.object({
  from: z
    .string({ error: 'Posizione: scrivila una volta sola, per esempio 0/0 o 1234/5678.' })
    .max(50, 'Posizione non valida: scrivi per esempio 0/0 o 1234/5678.')
    .refine((text) => isPosition(text) && positionParts(text).every((part) => part <= largestPart), 'Posizione non valida: scrivi per esempio 0/0 o 1234/5678.')
    .optional(),
  types: z
    .string()
    .max(5000, 'Tipi di evento: al massimo 5000 caratteri.')
    .regex(/^[A-Za-z, ]*$/, 'Tipo di evento non valido.')
    .transform((t) => t.split(',').map((s) => s.trim()).filter(Boolean))
    .optional(),
});

const recentQuery = z.object({
  limit: z.coerce
    .number({ error: 'Limite: un numero da 1 a 100.' })
    .int('Limite: un numero da 1 a 100.')
    .min(1, 'Limite: un numero da 1 a 100.')
    .max(100, 'Limite: un numero da 1 a 100.')
    .default(10),
});

/**
 * The admin's data management: each read model's state and its rebuild while the site keeps
 * answering, the event log as NDJSON (the same export as `npm run events:export`) and the latest
 * events for the dashboard.
 */
export const adminDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, store, projections } = app.deps;

  /** The event with what it says, read from its stream (secrets masked). */
  const named = async (event: FailedEvent | null): Promise<NamedFailedEvent | null> => {
    if (!event) return null;
    const [recorded] = await store.readStream(event.streamId, { fromRevision: event.revision, maxCount: 1 }).catch(() => []);
    return { ...event, italianName: app.catalog.eventName(event.type), summary: recorded ? app.catalog.eventSummary(recorded.type, redact(recorded.data)) : null };
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

  app.get('/api/admin/projections', { schema: { querystring: listQuerystring } }, async (request, reply) =>
    answerArray(reply, projectionsResource, await Promise.all((await projections.status()).map(toRecord)), request.query),
  );

  app.get('/api/admin/projections/:name', { schema: { params: nameParams } }, async (request) => one(request.params.name));

  // 202 once the read model is emptied and its checkpoint reset: the runner holding the
  // projection's lock, in this process or another, rebuilds it in the background.
  app.post('/api/admin/projections/:name/rebuild', { schema: { params: nameParams } }, async (request, reply) => {
    const { name } = request.params;
    if (!projections.projections.some((p) => p.name === name)) throw new DomainError(`Proiezione sconosciuta: «${name}».`, 'not-found');
    await projections.rebuild(name);
    request.log.info({ projection: name, by: request.user?.id }, 'projection rebuild asked');
    return reply.status(202).send(await one(name));
  });

  app.get('/api/admin/events/export', { schema: { querystring: exportQuery } }, async (request, reply) => {
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
        if (!body.destroyed) request.log.error({ err: error }, 'event export failed');
        body.destroy(error as Error);
      },
    );
    return reply
      .header('Content-Type', 'application/x-ndjson; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="vicino-eventi.ndjson"')
      .send(body);
  });

  app.get('/api/admin/events/recent', { schema: { querystring: recentQuery } }, async (request) => {
    // Straight from the log: the latest events are the recent activity. Bookkeeping of unique
    // values (every registration claims two) is not activity.
    const events = await store.readLatest({ maxCount: request.query.limit, exceptTypes: ['UniqueValueClaimed', 'UniqueValueReleased'] });
    const actors = [...new Set(events.flatMap((e) => (e.metadata.actorUserId ? [e.metadata.actorUserId] : [])))];
    const { rows } = await pool.query<{ id: string; username: string }>('SELECT id, username FROM users WHERE id = ANY ($1::uuid[])', [actors]);
    const usernames = new Map(rows.map((r) => [r.id, r.username]));
    return events.map((e) => ({
      position: e.position,
      type: e.type,
      italianName: app.catalog.eventName(e.type),
      time: e.metadata.at,
      actor: e.metadata.actorUserId ? { userId: e.metadata.actorUserId, username: usernames.get(e.metadata.actorUserId) ?? null, role: e.metadata.actorRole } : null,
      streamId: e.streamId,
      summary: app.catalog.eventSummary(e.type, redact(e.data)),
    }));
  });
};
