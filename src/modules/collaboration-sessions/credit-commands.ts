import { handleCommand } from '../../platform/commands/handle-command.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { perStore } from '../../platform/eventstore/per-store.js';
import type { Position } from '../../platform/eventstore/types.js';
import { assignmentDecider, assignmentStreamId } from '../assignments/assignment.js';
import { completeAssignment } from '../assignments/commands.js';
import { endTransfer, ledgerOf, transferCredits } from '../credits/commands.js';
import { balanceAt } from '../credits/ledger.js';
import { accessDecider, accessStreamId } from './access.js';
import { onSession, sessionState, type Deps } from './commands.js';
import { openSessionsOf } from './queries.js';
import { statusAt, type SessionState } from './session.js';

/* The credits of a session: sent to the collaborator when it starts, settled when it ends; and the assignment its last session completes. */

/** Assignments this process saw in progress, per store (the most recent, a bounded number). */
const startedAssignmentsIn = perStore(() => new Set<string>());
const rememberedAtMost = 10_000;
function remember(set: Set<string>, id: string): void {
  set.add(id);
  if (set.size > rememberedAtMost) set.delete(set.values().next().value!);
}

/**
 * An activated session: its assignment is in progress, and the shopkeeper's credits allocated to
 * it go to the collaborator (what the shop has, up to the allocation). Each step is done once
 * (the upkeep finishes it after a crash).
 */
export async function afterActivation(deps: Deps, id: string, ctx: CommandContext, known?: SessionState): Promise<Position | null> {
  const s = known ?? (await sessionState(deps.store, id));
  const f = s.fields!;
  let position: Position | null = null;
  // An assignment is started once, by its first session: known started here, not read again (another process reads it, and decides nothing).
  const startedAssignments = startedAssignmentsIn(deps.store);
  if (f.assignmentId && !startedAssignments.has(f.assignmentId)) {
    const started = await handleCommand(deps.store, assignmentStreamId(f.assignmentId), assignmentDecider, { type: 'StartAssignment', now: ctx.now }, ctx).catch((err: unknown) => {
      if (err instanceof DomainError) return null;
      throw err;
    });
    position = started?.position ?? position;
    if (started?.state.status === 'in_progress') remember(startedAssignments, f.assignmentId);
  }
  if (s.creditsSent === null) {
    let credits = 0;
    if (f.aiCredits > 0) {
      // The transfer may be sent already (the upkeep and the activation at once, or a run stopped
      // halfway): then it says how much went, not the shop's balance after it (issue [25]: a
      // session recorded as sent 0 kept the credits with the collaborator when it closed).
      const ledger = await ledgerOf(deps.store, f.shopkeeperId);
      const wanted = ledger.sent.has(id) ? f.aiCredits : Math.min(f.aiCredits, balanceAt(ledger, ctx.now));
      if (wanted > 0) {
        // Sent by another run before or meanwhile: the transfer says what that one sent.
        const transfer = await transferCredits(
          deps.store,
          { transferId: id, fromUserId: f.shopkeeperId, toUserId: f.collaboratorId, credits: wanted, assignmentId: f.assignmentId, reason: `Sessione per ${f.storeName}` },
          ctx,
        );
        position = transfer.position ?? position;
        credits = transfer.credits;
      }
    }
    position = (await onSession(deps.store, id, { type: 'RecordCreditsSent', credits }, ctx)).position ?? position;
  }
  return position;
}

/**
 * Over (completed, revoked, expired): what the collaborator did not use of the shop's credits goes
 * back to the shop, and a standing access gets back what the session did not take. Once.
 */
export async function settleCredits(deps: Deps, id: string, ctx: CommandContext): Promise<Position | null> {
  const s = await sessionState(deps.store, id);
  const f = s.fields;
  if (!f || s.status === 'pending' || s.status === 'active' || s.creditsSettled || f.aiCredits === 0) return null;
  let position: Position | null = null;
  let returned = 0;
  const sent = s.creditsSent ?? 0;
  if (sent > 0) {
    position = await endTransfer(
      deps.store,
      { transferId: id, fromUserId: f.shopkeeperId, toUserId: f.collaboratorId, reason: `Fine della sessione per ${f.storeName}: crediti non usati restituiti` },
      ctx,
    );
    returned = (await ledgerOf(deps.store, f.collaboratorId)).received.get(id)?.givenBack?.credits ?? 0;
  }
  if (f.accessId) {
    const unused = f.aiCredits - sent + returned;
    position = (await handleCommand(deps.store, accessStreamId(f.accessId), accessDecider, { type: 'ReleaseCredits', sessionId: id, credits: unused }, ctx)).position ?? position;
  }
  if (s.creditsSent !== null) position = (await onSession(deps.store, id, { type: 'RecordCreditsSettled', used: sent - returned, returned }, ctx)).position ?? position;
  return position;
}

/** The session's assignment is done when it has no session left to work in: the last one closed with the shopkeeper's code completes it. */
export async function completeIfLast(deps: Deps, assignmentId: string, ctx: CommandContext): Promise<Position | null> {
  for (const { id } of await openSessionsOf(deps.db, 'assignment_id', assignmentId)) {
    const s = await sessionState(deps.store, id);
    const now = statusAt(s, ctx.now);
    if (now === 'pending' || now === 'ready' || now === 'active') return null;
  }
  return completeAssignment(deps, assignmentId, ctx);
}
