import { randomUUID } from 'node:crypto';
import type { EventMetadata, OnBehalfOf } from '../eventstore/types.js';

export type Role = 'admin' | 'shopkeeper' | 'collaborator' | 'customer';
export const roles = ['admin', 'shopkeeper', 'collaborator', 'customer'] as const satisfies readonly Role[];

/** Who sends a command, when, and on behalf of which request: becomes every event's metadata. */
export interface CommandContext {
  /** `onBehalfOf`: a collaborator acting for a shop in an active session (issue [13]). */
  actor: { userId: string; role: Role; onBehalfOf?: OnBehalfOf } | null;
  correlationId: string;
  causationId: string | null;
  now: Date;
  /**
   * The types of the events appended on this context's behalf, noted by handleCommand: a request
   * waits only for the read models that apply them (the ones its write changed).
   */
  written?: Set<string>;
}

export function systemContext(now = new Date()): CommandContext {
  return { actor: null, correlationId: randomUUID(), causationId: null, now };
}

export function metadataOf(ctx: CommandContext): EventMetadata {
  return {
    actorUserId: ctx.actor?.userId ?? null,
    actorRole: ctx.actor?.role ?? null,
    correlationId: ctx.correlationId,
    causationId: ctx.causationId,
    at: ctx.now.toISOString(),
    ...(ctx.actor?.onBehalfOf ? { onBehalfOf: { storeId: ctx.actor.onBehalfOf.storeId, sessionId: ctx.actor.onBehalfOf.sessionId } } : {}),
  };
}
