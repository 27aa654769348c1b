import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformApi, type Health } from './platform-contract.js';

/**
 * Whether the platform is up, for anyone (a load balancer, a status page): `ok`, `degraded` (it
 * answers, but a read model is stopped at an event it cannot apply) or `down` (the database or the
 * event store cannot be reached). Only `down` is a 503: a read model stopped at one event is not a
 * reason to send every request elsewhere, since every process shares it. An admin also reads
 * where things stand: database, event store head, each read model's position, lag and failure
 * (with the event it stopped at): internals nobody else needs to see.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...platformApi.health,
    handler: async (request, reply) => {
      const { pool, store, projections } = app.deps;
      const started = performance.now();
      const database = await pool.query('SELECT 1').then(
        () => ({ ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 }),
        (error: Error) => ({ ok: false, error: error.message }),
      );
      const eventStore = await store.headPosition().then(
        (head) => ({ ok: true, adapter: store.kind, head }),
        (error: Error) => ({ ok: false, adapter: store.kind, error: error.message }),
      );
      const up = database.ok && eventStore.ok;
      // Polled by load balancers: one look at the checkpoints; each read model's lag only for an admin.
      const status: Health['status'] = !up ? 'down' : (await projections.failing().catch(() => true)) ? 'degraded' : 'ok';
      // `down` is the same answer with a 503, which the contract's 200 describes.
      (reply as FastifyReply).status(up ? 200 : 503).header('Cache-Control', 'no-store');
      if (request.user?.role !== 'admin') return { status };
      return { status, database, eventStore, projections: up ? await projections.status().catch(() => []) : [], workers: app.deps.workers?.() ?? [] };
    },
  });
};
