import { handleCommand } from '../../platform/commands/handle-command.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { fold } from '../../platform/domain/decider.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { collaboratorDecider, collaboratorStreamId, type CollaboratorCommand, type CollaboratorEvent, type CollaboratorProfile, type CollaboratorState } from './collaborator.js';

interface Deps {
  store: EventStore;
}

/** A collaborator's own profile, once (409 the second time); it waits for the admin's approval. */
export async function registerCollaborator({ store }: Deps, userId: string, profile: CollaboratorProfile, ctx: CommandContext): Promise<Position | null> {
  return (await handleCommand(store, collaboratorStreamId(userId), collaboratorDecider, { type: 'RegisterCollaborator', userId, profile }, ctx)).position;
}

/** Any other change of the profile or of its approval (the collaborator's or the admin's). */
export async function changeCollaborator(
  { store }: Deps,
  userId: string,
  command: Exclude<CollaboratorCommand, { type: 'RegisterCollaborator' }>,
  ctx: CommandContext,
): Promise<Position | null> {
  return (await handleCommand(store, collaboratorStreamId(userId), collaboratorDecider, command, ctx)).position;
}

/**
 * A collaborator's profile and approval as their own stream tells it, whatever the read model
 * shows yet: what the requests (a later round) check before offering or accepting anything.
 */
export async function collaboratorState(store: EventStore, userId: string): Promise<CollaboratorState> {
  return fold(collaboratorDecider, (await store.readStream(collaboratorStreamId(userId))) as unknown as CollaboratorEvent[]);
}

/** Whether a collaborator may be offered work now: approved, active and available. */
export const offeredToShops = (state: CollaboratorState): boolean =>
  state.registered && state.approvalStatus === 'approved' && state.status === 'active' && state.profile?.isAvailable === true;
