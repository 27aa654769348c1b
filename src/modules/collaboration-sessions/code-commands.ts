import { loadState, loadStates, type StreamCommand } from '../../platform/commands/handle-command.js';
import { tryCode } from '../../platform/commands/code-tries.js';
import { uniqueOwner } from '../../platform/commands/uniqueness.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { Position } from '../../platform/eventstore/types.js';
import { codeKey } from './codes.js';
import { codeClaim, issueCode, onSession, sessionFor, type Deps } from './commands.js';
import { afterActivation, completeIfLast, settleCredits } from './credit-commands.js';
import { MAX_CODE_TRIES, type CodeKind } from './labels.js';
import { awaitingActivation } from './queries.js';
import { codeRefused, sessionDecider, sessionNotFound, sessionStreamId, statusAt, type SessionCommand, type SessionEvent, type SessionState, type Where } from './session.js';

/* A session's one-time codes: reissued by the shopkeeper, typed by the collaborator to activate and to close it. */

/** The shopkeeper's new code (the old one stops working): after five wrong tries, or when it was seen by someone else. */
export async function reissueCode(deps: Deps, id: string, shopkeeperId: string, kind: CodeKind, ctx: CommandContext): Promise<Position | null> {
  const s = await sessionFor(deps.store, id, { id: shopkeeperId, role: 'shopkeeper' });
  if (s.fields.shopkeeperId !== shopkeeperId) throw new DomainError(sessionNotFound, 'not-found');
  // Refused before a code is claimed for nothing.
  const next = (kind === 'activation' ? s.activation : s.closure).version + 1;
  sessionDecider.decide({ type: 'ReissueCode', kind, key: '', version: next, now: ctx.now }, s);
  const code = await issueCode(deps, id, kind, next, ctx);
  return (await onSession(deps.store, id, { type: 'ReissueCode', kind, ...code, now: ctx.now }, ctx)).position;
}

const triesLeft = (tries: number) => {
  const left = Math.max(0, MAX_CODE_TRIES - tries);
  return left === 0
    ? 'Codice non valido: dopo 5 tentativi errati il codice è bloccato, chiedi al negoziante di generarne uno nuovo.'
    : `Codice non valido: ${left === 1 ? 'ti resta 1 tentativo' : `ti restano ${left} tentativi`}.`;
};

/**
 * The collaborator types the shop's activation code (with their position, for standard and
 * high). Issue [16]: refused (429) while they are locked out of activation codes, before the code
 * is looked up. A code that is not usable now — unknown, another's, an old version, a closure
 * code, or the right code of their own session not ready yet or burnt — is one wrong try, answered
 * alike whichever it was (no oracle): counted on each session they are waiting to activate (five
 * burn its code) and on their own counter, in one append.
 */
export async function activateSession(
  deps: Deps,
  collaboratorId: string,
  input: { code: string; position: Where | null; ipAddress: string | null; userAgent: string | null },
  ctx: CommandContext,
): Promise<{ id: string; position: Position | null }> {
  const key = codeKey(deps.secret, input.code);
  let owner: string | null = null;
  let waiting = 0;
  let decided: { events: SessionEvent[]; state: SessionState } = { events: [], state: sessionDecider.initialState };
  const { position, wrong } = await tryCode(
    deps.store,
    { kind: 'activation', actorId: collaboratorId },
    ctx,
    async () => {
      owner = await uniqueOwner(deps.store, codeClaim, key);
      const loaded = owner ? await loadState(deps.store, sessionStreamId(owner), sessionDecider) : null;
      const state = loaded?.state ?? null;
      const theirs = state?.fields?.collaboratorId === collaboratorId;
      // A used code of their own (the session already running): say so rather than count a try.
      if (theirs && state.closure.key !== key && (state.status === 'active' || state.awaitingConfirmation)) {
        throw new DomainError('Questo codice è già stato usato: la sessione è già attivata.', 'conflict');
      }
      const usable = theirs && state.activation.key === key && statusAt(state, ctx.now) !== 'pending' && !state.activation.burnt;
      if (usable && loaded) {
        const command: SessionCommand = {
          type: 'ActivateSession',
          collaboratorId,
          codeKey: key,
          position: input.position,
          ipAddress: input.ipAddress,
          userAgent: input.userAgent,
          now: ctx.now,
        };
        const events = sessionDecider.decide(command, loaded.state);
        decided = { events, state: events.reduce(sessionDecider.evolve, loaded.state) };
        if (!events.length) return null;
        return { commands: [{ streamId: sessionStreamId(owner!), decider: sessionDecider as StreamCommand['decider'], command, loaded }], wrong: false };
      }
      const ids = await awaitingActivation(deps.db, collaboratorId, ctx.now);
      const sessions = (await loadStates(deps.store, { sessions: ids.map((id) => ({ streamId: sessionStreamId(id), decider: sessionDecider })) })).sessions;
      waiting = 0;
      const commands: StreamCommand[] = ids.map((id, i) => {
        const command: SessionCommand = { type: 'MistypeCode', kind: 'activation', now: ctx.now };
        const after = sessionDecider.decide(command, sessions[i]!.state).reduce(sessionDecider.evolve, sessions[i]!.state);
        waiting = Math.max(waiting, after.activation.tries);
        return { streamId: sessionStreamId(id), decider: sessionDecider as StreamCommand['decider'], command, loaded: sessions[i]! };
      });
      if (!ids.length) waiting = -1;
      return { commands, wrong: true };
    },
    { rightOnTheSameRecords: true },
  );
  if (wrong) throw new DomainError(waiting >= 0 ? triesLeft(waiting) : `${codeRefused} Controlla di averlo scritto come te lo mostra il negozio.`, 'rule', { code: codeRefused });
  const id = owner as string | null;
  if (!id) throw new DomainError(codeRefused, 'rule', { code: codeRefused });
  if (decided.events.some((e) => e.type === 'SessionActivated')) return { id, position: (await afterActivation(deps, id, ctx, decided.state)) ?? position };
  return { id, position };
}

/** High security: the shopkeeper confirms on their own device. */
export async function confirmActivation(deps: Deps, id: string, shopkeeperId: string, ctx: CommandContext): Promise<Position | null> {
  const { events, position } = await onSession(deps.store, id, { type: 'ConfirmActivation', shopkeeperId, now: ctx.now }, ctx);
  if (!events.length) return position;
  return (await afterActivation(deps, id, ctx)) ?? position;
}

/** The collaborator closes the session with the shopkeeper's closure code. */
export async function closeSession(deps: Deps, id: string, collaboratorId: string, closureCode: string, ctx: CommandContext): Promise<Position | null> {
  // Issue [16]: refused (429) while the collaborator is locked out of closure codes; a wrong one counts on the session and on them, in one append.
  const command: SessionCommand = { type: 'CloseSession', collaboratorId, codeKey: codeKey(deps.secret, closureCode), now: ctx.now };
  let events: SessionEvent[] = [];
  let state: SessionState = sessionDecider.initialState;
  const { position, wrong } = await tryCode(
    deps.store,
    { kind: 'closure', actorId: collaboratorId },
    ctx,
    async () => {
      const loaded = await loadState(deps.store, sessionStreamId(id), sessionDecider);
      events = sessionDecider.decide(command, loaded.state);
      state = events.reduce(sessionDecider.evolve, loaded.state);
      if (!events.length) return null;
      return {
        commands: [{ streamId: sessionStreamId(id), decider: sessionDecider as StreamCommand['decider'], command, loaded }],
        wrong: events.some((e) => e.type === 'SessionCodeMistyped'),
      };
    },
    { rightOnTheSameRecords: true },
  );
  if (wrong) throw new DomainError(triesLeft(state.closure.tries), 'rule', { closureCode: codeRefused });
  if (!events.some((e) => e.type === 'SessionCompleted')) return position;
  let last = (await settleCredits(deps, id, ctx)) ?? position;
  if (state.fields!.assignmentId) last = (await completeIfLast(deps, state.fields!.assignmentId, ctx)) ?? last;
  return last;
}
