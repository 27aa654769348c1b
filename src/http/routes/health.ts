import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Liveness and where things stand: database, event store head, each projection's position and lag. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', async (_request, reply) => {
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
    const projectionStatus = database.ok ? await projections.status().catch(() => []) : [];
    const ok = database.ok && eventStore.ok && projectionStatus.every((p) => !p.lastError);
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      database,
      eventStore,
      projections: projectionStatus,
    });
  });
};
