import type { FastifyInstance } from 'fastify';

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests sent by another site's page (a cross-site form POST): the
 * browser names the page's origin in `Origin`, or at least marks it `Sec-Fetch-Site: cross-site`.
 * Together with SameSite cookies and JSON-only bodies this closes CSRF.
 */
export function registerSameOriginGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!unsafe.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    let foreign = fetchSite === 'cross-site';
    if (origin !== undefined) {
      try {
        foreign = origin === 'null' || new URL(origin).host !== new URL(`http://${request.headers.host ?? ''}`).host;
      } catch {
        foreign = true;
      }
    }
    if (foreign) return reply.status(403).send({ message: 'Richiesta rifiutata: proviene da un altro sito.' });
  });
}
