import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { CommandContext } from '../domain/context.js';
import type { Position } from '../eventstore/types.js';
import { commandContext } from './command-context.js';
import type { Endpoint } from './contract.js';
import { requireRole } from './plugins/session.js';

/** The changes an update call's body holds, as its schema reads them. */
type ChangesOf<E extends Endpoint> = E['schema']['body'] extends z.ZodType ? z.output<E['schema']['body']> : never;

/**
 * An admin's settings as one record with id "current" (ra-data-simple-rest's getOne and update,
 * docs/api-settings.md): `get` answers `read()`; `update` changes it with the body as its
 * command (the changes) and answers the record as its read model then holds it. Admins only.
 */
export function serveSettingsRecord<Update extends Endpoint<'PUT'>>(
  app: FastifyInstance,
  calls: { get: Endpoint<'GET'>; update: Update },
  settings: {
    read: (request: FastifyRequest) => Promise<object>;
    change: (body: ChangesOf<Update>, context: CommandContext) => Promise<Position | null>;
  },
): void {
  const routes: RouteOptions[] = [
    {
      ...calls.get,
      handler: async (request) => {
        requireRole(request, 'admin');
        return settings.read(request);
      },
    },
    {
      ...calls.update,
      handler: async (request) => {
        requireRole(request, 'admin');
        await request.settle(await settings.change(request.body as ChangesOf<Update>, commandContext(request)));
        return settings.read(request);
      },
    },
  ];
  for (const route of routes) app.route(route);
}
