import type { FastifyRequest } from 'fastify';
import type { CommandContext, Role } from '../domain/context.js';
import type { Position } from '../eventstore/types.js';
import { requireRole, type SessionUser } from './plugins/session.js';

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

/**
 * A command on the record the route names (its `:id`) by a user in one of `roles` (anyone else is
 * refused first): `run` writes with the request's context, the answer waits for the read models to
 * hold what it wrote (request.settle) and is the record as `answer` then reads it for that user.
 */
export async function commandOnRecord<T>(
  request: FastifyRequest & { params: { id: string } },
  roles: readonly Role[],
  run: (id: string, user: SessionUser, ctx: CommandContext) => Promise<Position | null>,
  answer: (id: string, user: SessionUser, ctx: CommandContext) => Promise<T>,
): Promise<T> {
  const user = requireRole(request, ...roles);
  const ctx = commandContext(request);
  await request.settle(await run(request.params.id, user, ctx));
  return answer(request.params.id, user, ctx);
}
