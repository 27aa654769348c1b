import type { FastifyRequest } from 'fastify';
import type { CommandContext } from '../domain/context.js';

/**
 * The acting user and the request id become the metadata of the events a request causes; the
 * types of those events are noted on the request, for its answer to wait for their read models
 * (request.settle).
 */
export function commandContext(request: FastifyRequest): CommandContext {
  return {
    actor: request.user ? { userId: request.user.id, role: request.user.role } : null,
    correlationId: request.id,
    causationId: null,
    now: new Date(),
    written: (request.written ??= new Set()),
  };
}
