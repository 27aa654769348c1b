import type { FastifyRequest } from 'fastify';
import { loadState } from '../../platform/commands/handle-command.js';
import type { Pool } from '../../platform/db/pool.js';
import type { ReadDb } from '../../platform/db/read.js';
import { findStoreByOwner } from '../stores/queries.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import { commandContext } from '../../platform/http/command-context.js';
import { requireUser } from '../../platform/http/plugins/session.js';
import { permissionLabels, type Permission } from '../assignments/labels.js';
import { actingNow, sessionDecider, sessionStreamId, statusAt } from './session.js';

/** Who works for a shop in this request: its shopkeeper, or a collaborator in an active session of it. */
export interface ShopActor {
  storeId: string;
  /** The collaborator's session; null for the shopkeeper. */
  sessionId: string | null;
  /** The request's command context, naming the shop and the session in every event when a collaborator acts. */
  ctx: CommandContext;
}

export const noActiveSession = 'Nessuna sessione attiva: attiva la sessione con il codice del negozio per lavorare per il negozio.';

/**
 * The collaborator's active session, as its own stream says now (a revocation takes effect at the
 * very next request, whatever the read model shows): the shop it is for and what it allows.
 */
export async function activeSessionOf(
  deps: { pool: Pool; store: EventStore },
  collaboratorId: string,
  now: Date,
  permission: Permission,
): Promise<{ sessionId: string; storeId: string }> {
  // The active ones (the read model may not yet show one just revoked), then the latest ended, to say why.
  const { rows } = await deps.pool.query<{ id: string }>(
    `(SELECT id FROM collaboration_sessions WHERE collaborator_id = $1 AND status = 'active' ORDER BY started_at DESC LIMIT 5)
     UNION ALL
     (SELECT id FROM collaboration_sessions WHERE collaborator_id = $1 AND status IN ('revoked', 'expired') AND started_at IS NOT NULL AND actual_end_at > $2
      ORDER BY actual_end_at DESC LIMIT 1)`,
    [collaboratorId, new Date(now.getTime() - 24 * 60 * 60_000)],
  );
  let ended: string | null = null;
  for (const { id } of rows) {
    const { state } = await loadState(deps.store, sessionStreamId(id), sessionDecider);
    if (actingNow(state, now)) {
      if (!state.fields!.permissions.includes(permission)) {
        throw new DomainError(`Questa sessione non ti permette di lavorare su: ${permissionLabels[permission].toLowerCase()}.`, 'forbidden');
      }
      return { sessionId: id, storeId: state.fields!.storeId };
    }
    ended ??= statusAt(state, now);
  }
  if (ended === 'revoked') throw new DomainError('Il negozio ha revocato la sessione: non puoi più lavorare per il negozio.', 'forbidden');
  if (ended === 'expired') throw new DomainError('La sessione è scaduta: non puoi più lavorare per il negozio.', 'forbidden');
  throw new DomainError(noActiveSession, 'forbidden');
}

/**
 * Who acts for a shop in this request: a shopkeeper for their own store, a collaborator for the
 * store of their active session when it allows `permission` (its events then name the shop and
 * the session: onBehalfOf); anyone else is refused.
 */
export async function shopActor(request: FastifyRequest, deps: { pool: Pool; store: EventStore; db: ReadDb }, permission: Permission): Promise<ShopActor> {
  const user = requireUser(request);
  const ctx = commandContext(request);
  if (user.role === 'shopkeeper') {
    const shop = await findStoreByOwner(deps.db, user.id);
    if (!shop) throw new DomainError('Crea prima il tuo negozio: prodotti e ordini appartengono a un negozio.', 'rule');
    return { storeId: shop.id, sessionId: null, ctx };
  }
  if (user.role !== 'collaborator') throw new DomainError('Non hai i permessi per questa operazione.', 'forbidden');
  const { sessionId, storeId } = await activeSessionOf(deps, user.id, ctx.now, permission);
  return { storeId, sessionId, ctx: { ...ctx, actor: { userId: user.id, role: user.role, onBehalfOf: { storeId, sessionId } } } };
}

/** Whether `user` is a collaborator acting for `storeId` now (reads of the shop's own lists); false for anyone else. */
export async function actsFor(
  deps: { pool: Pool; store: EventStore },
  user: { id: string; role: string } | undefined | null,
  storeId: string,
  permission: Permission,
): Promise<boolean> {
  if (user?.role !== 'collaborator') return false;
  try {
    return (await activeSessionOf(deps, user.id, new Date(), permission)).storeId === storeId;
  } catch (err) {
    if (err instanceof DomainError) return false;
    throw err;
  }
}
