import { randomUUID } from 'node:crypto';
import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import { derivedId } from '../../platform/commands/ids.js';
import { activeStoreOfOwner } from '../stores/queries.js';
import { nameOf } from '../users/queries.js';
import { workedWith } from './queries.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { CommandDeps } from '../../platform/module.js';
import { collaboratorState, offeredToShops } from '../collaborators/commands.js';
import { changeCredits } from '../credits/commands.js';
import { creditsExpireAt } from '../credits/ledger.js';
import { requestDecider, requestStreamId } from '../collaboration-requests/request.js';
import {
  assignmentDecider,
  assignmentNotFound,
  directAssignmentFields,
  assignmentStreamId,
  type AssignmentCommand,
  type AssignmentFields,
  type AssignmentState,
} from './assignment.js';
import type { NewAssignmentBody } from './contract.js';

/** Who asks: the assignment's parties, or an admin. */
export interface Reader {
  id: string;
  role: string;
}

export async function assignmentState(store: EventStore, id: string): Promise<AssignmentState> {
  return (await loadState(store, assignmentStreamId(id), assignmentDecider)).state;
}

/** The assignment, for one of its parties or an admin; anyone else reads it as not found. */
export async function assignmentFor(store: EventStore, id: string, reader: Reader): Promise<AssignmentState & { fields: AssignmentFields }> {
  const state = await assignmentState(store, id);
  const f = state.fields;
  if (!state.exists || !f || (reader.role !== 'admin' && reader.id !== f.shopkeeperId && reader.id !== f.collaboratorId)) throw new DomainError(assignmentNotFound, 'not-found');
  return state as AssignmentState & { fields: AssignmentFields };
}

const onAssignment = async (store: EventStore, id: string, command: AssignmentCommand, ctx: CommandContext) =>
  handleCommand(store, assignmentStreamId(id), assignmentDecider, command, ctx);

/**
 * A shopkeeper's direct assignment to a collaborator they already worked with (an assignment of
 * their shop the collaborator accepted once): pending until the collaborator answers. The money
 * is agreed between them; the platform takes no commission on it.
 */
export async function createDirectAssignment(
  deps: CommandDeps,
  shopkeeperId: string,
  body: NewAssignmentBody,
  ctx: CommandContext,
): Promise<{ id: string; position: Position | null }> {
  const shop = await activeStoreOfOwner(deps.db, shopkeeperId, 'affidare incarichi', 'Non hai ancora un negozio: aprilo per affidare incarichi.');
  const notKnown = 'Puoi affidare un incarico diretto solo a un collaboratore con cui hai già lavorato: per gli altri invia una richiesta di collaborazione.';
  if (!(await workedWith(deps.db, shop.id, body.collaboratorId))) throw new DomainError(notKnown, 'rule', { collaboratorId: notKnown });
  const collaborator = await collaboratorState(deps.store, body.collaboratorId);
  if (!offeredToShops(collaborator)) throw new DomainError('Questo collaboratore non è disponibile in questo momento.', 'rule', { collaboratorId: 'Non disponibile.' });
  const name = (await nameOf(deps.db, body.collaboratorId)) ?? 'Collaboratore';
  const id = randomUUID();
  const { position } = await onAssignment(
    deps.store,
    id,
    {
      type: 'CreateAssignment',
      fields: directAssignmentFields(
        id,
        { store: shop, shopkeeperId, collaborator: { id: body.collaboratorId, name } },
        {
          description: body.description,
          priority: body.priority,
          paymentCents: body.paymentAmount,
          credits: body.credits,
          permissions: body.permissions,
          dueDate: body.dueDate ? new Date(body.dueDate).toISOString() : null,
        },
      ),
      now: ctx.now,
    },
    ctx,
  );
  return { id, position };
}

/** The collaborator answers a pending assignment. */
export async function answerAssignment(
  deps: CommandDeps,
  id: string,
  collaboratorId: string,
  answer: { accept: true } | { accept: false; reason: string },
  ctx: CommandContext,
): Promise<Position | null> {
  await assignmentFor(deps.store, id, { id: collaboratorId, role: 'collaborator' });
  const command: AssignmentCommand = answer.accept
    ? { type: 'AcceptAssignment', collaboratorId, now: ctx.now }
    : { type: 'RejectAssignment', collaboratorId, reason: answer.reason, now: ctx.now };
  return (await onAssignment(deps.store, id, command, ctx)).position;
}

/** The collaborator starts the accepted assignment. */
export async function startAssignment(deps: CommandDeps, id: string, collaboratorId: string, ctx: CommandContext): Promise<Position | null> {
  const state = await assignmentFor(deps.store, id, { id: collaboratorId, role: 'collaborator' });
  if (state.fields.collaboratorId !== collaboratorId) throw new DomainError(assignmentNotFound, 'not-found');
  return (await onAssignment(deps.store, id, { type: 'StartAssignment', now: ctx.now }, ctx)).position;
}

/**
 * Completes the assignment and pays what it earns: the compensation (pending until paid out) and
 * the credits, added to the collaborator's ledger once (a lot named after the assignment).
 */
export async function completeAssignment(deps: CommandDeps, id: string, ctx: CommandContext): Promise<Position | null> {
  const done = await onAssignment(deps.store, id, { type: 'CompleteAssignment', now: ctx.now }, ctx);
  const f = done.state.fields!;
  let position = done.position;
  if (f.requestId && done.state.status === 'completed') {
    position = (await handleCommand(deps.store, requestStreamId(f.requestId), requestDecider, { type: 'CompleteRequest', now: ctx.now }, ctx)).position ?? position;
  }
  if (f.creditsEarned > 0 && done.state.status === 'completed') {
    const added = await changeCredits(
      deps.store,
      f.collaboratorId,
      {
        type: 'AddCredits',
        lotId: derivedId('assignment-earned', id),
        credits: f.creditsEarned,
        expiresAt: creditsExpireAt(ctx.now),
        source: { kind: 'adjustment', reason: `Crediti guadagnati con l’incarico per ${f.storeName}` },
      },
      ctx,
    );
    position = added.position ?? position;
  }
  return position;
}

export async function runAssignmentCommand(deps: CommandDeps, id: string, reader: Reader, command: AssignmentCommand, ctx: CommandContext): Promise<Position | null> {
  await assignmentFor(deps.store, id, reader);
  return (await onAssignment(deps.store, id, command, ctx)).position;
}

export { onAssignment };
