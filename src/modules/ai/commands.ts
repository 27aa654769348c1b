import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { derivedId } from '../../platform/commands/ids.js';
import { claimIdempotencyKey, idempotencyClaim } from '../../platform/commands/idempotency.js';
import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import { claimUnique, releaseUnique } from '../../platform/commands/uniqueness.js';
import { systemContext, type CommandContext } from '../../platform/domain/context.js';
import { DomainError, type ErrorKind } from '../../platform/domain/errors.js';
import type { ReadDb } from '../../platform/db/read.js';
import { perStore } from '../../platform/eventstore/per-store.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { changeCredits, ledgerOf } from '../credits/commands.js';
import { balanceAt } from '../credits/ledger.js';
import { whyAiUnavailable } from '../settings/openai-settings.js';
import { readOpenAiSettings } from '../settings/queries.js';
import { aiCallDecider, aiCallStreamId, type AiCallCommand, type AiCallState, type AiFailure } from './ai-call.js';
import type { AiAnswer, aiFunctionCostChanges, newAiFunctionCost } from './contract.js';
import { aiFunctionCostDecider, aiFunctionCostStreamId, DEFAULT_AI_FUNCTION_COST, type AiFunctionCostState } from './function-cost.js';
import { aiFunctionDescriptions, aiFunctionNames, MalformedAnswer, promptOf, resultOf, usageOf, type AiFunctionName } from './functions.js';
import { askModel, ModelTimedOut } from './model.js';
import { costOf } from './queries.js';

interface Deps {
  store: EventStore;
  db: ReadDb;
}

// ── The admin's table of costs ──────────────────────────────────────────────────────────────

const nameTaken = (name: string) => {
  const message = `La funzione «${name}» ha già il suo costo.`;
  return new DomainError(message, 'conflict', { functionName: message });
};

async function costState(store: EventStore, id: string): Promise<AiFunctionCostState> {
  return (await loadState(store, aiFunctionCostStreamId(id), aiFunctionCostDecider)).state;
}

const costExists = (store: EventStore) => async (id: string) => {
  const state = await costState(store, id);
  return state.exists && !state.deleted;
};

/** A function's cost; its name is unique (claimed in its own stream, as usernames are). */
export async function createAiFunctionCost(
  { store }: Pick<Deps, 'store'>,
  fields: z.output<typeof newAiFunctionCost>,
  ctx: CommandContext,
): Promise<{ id: string; position: Position | null }> {
  const id = randomUUID();
  if (!(await claimUnique(store, 'ai-function', fields.functionName, id, ctx, costExists(store)))) throw nameTaken(fields.functionName);
  const { position } = await handleCommand(store, aiFunctionCostStreamId(id), aiFunctionCostDecider, { type: 'CreateAiFunctionCost', id, fields }, ctx);
  return { id, position };
}

export async function changeAiFunctionCost(
  { store }: Pick<Deps, 'store'>,
  id: string,
  changes: z.output<typeof aiFunctionCostChanges>,
  ctx: CommandContext,
): Promise<Position | null> {
  return (await handleCommand(store, aiFunctionCostStreamId(id), aiFunctionCostDecider, { type: 'ChangeAiFunctionCost', changes }, ctx)).position;
}

/** Removes a cost row (the function then costs spec §9's 1 credit) and frees its name. */
export async function deleteAiFunctionCost({ store }: Pick<Deps, 'store'>, id: string, ctx: CommandContext): Promise<Position | null> {
  const state = await costState(store, id);
  const { position } = await handleCommand(store, aiFunctionCostStreamId(id), aiFunctionCostDecider, { type: 'DeleteAiFunctionCost' }, ctx);
  if (state.exists) await releaseUnique(store, 'ai-function', state.functionName, id, ctx);
  return position;
}

/**
 * A row for each AI function whose name is free, at spec §9's cost; run at every start, so a new
 * function reaches existing databases and a cost the admin changed stays as changed.
 */
export async function ensureAiFunctionCosts(store: EventStore): Promise<Position | null> {
  const ctx = systemContext();
  let last: Position | null = null;
  for (const functionName of aiFunctionNames) {
    const id = randomUUID();
    if (!(await claimUnique(store, 'ai-function', functionName, id, ctx, costExists(store)))) continue;
    const fields = { functionName, creditsCost: DEFAULT_AI_FUNCTION_COST, description: aiFunctionDescriptions[functionName] };
    last = (await handleCommand(store, aiFunctionCostStreamId(id), aiFunctionCostDecider, { type: 'CreateAiFunctionCost', id, fields }, ctx)).position ?? last;
  }
  return last;
}

// ── A call ──────────────────────────────────────────────────────────────────────────────────

/** Past the model's own timeout, how long a call may stay started before the sweep takes it for dead. */
export const AI_CALL_GRACE_MS = 60_000;

const kindOfStatus: Record<number, ErrorKind> = { 422: 'rule', 502: 'upstream', 504: 'upstream-timeout' };

const failures = {
  timeout: (seconds: number): AiFailure => ({
    status: 504,
    message: `Il servizio AI non ha risposto entro ${seconds} ${seconds === 1 ? 'secondo' : 'secondi'}: i crediti non sono stati addebitati. Riprova più tardi.`,
  }),
  malformed: (): AiFailure => ({ status: 502, message: 'Il servizio AI ha dato una risposta non valida: i crediti non sono stati addebitati. Riprova.' }),
  failed: (): AiFailure => ({ status: 502, message: 'Il servizio AI non ha risposto correttamente: i crediti non sono stati addebitati. Riprova più tardi.' }),
  interrupted: (): AiFailure => ({ status: 502, message: 'La richiesta al servizio AI si è interrotta: i crediti non sono stati addebitati. Riprova.' }),
};

/** The movement's words when a hold goes back (the credits' history shows them). */
const releaseReason: Record<'timeout' | 'malformed' | 'failed' | 'interrupted', string> = {
  timeout: 'Crediti restituiti: il servizio AI non ha risposto in tempo',
  malformed: 'Crediti restituiti: il servizio AI ha dato una risposta non valida',
  failed: 'Crediti restituiti: il servizio AI non ha risposto correttamente',
  interrupted: 'Crediti restituiti: la richiesta al servizio AI si è interrotta',
};

/** The calls this process is making now, per store by id: the same key again waits for the one under way. */
const underWayIn = perStore(() => new Map<string, Promise<Ended>>());

function onCall(store: EventStore, callId: string, command: AiCallCommand, ctx: CommandContext) {
  return handleCommand(store, aiCallStreamId(callId), aiCallDecider, command, ctx, { attempts: 10 });
}

/**
 * Charges the hold of an answered call or gives back that of a failed one, then notes the call
 * settled. Each step changes nothing when done already, so the request and the sweep may both run it.
 */
async function settle(store: EventStore, state: AiCallState, ctx: CommandContext): Promise<Position | null> {
  if ((state.status !== 'answered' && state.status !== 'failed') || state.settled) return null;
  let moved: Position | null = null;
  if (state.credits > 0) {
    const holdId = state.callId;
    const command = state.status === 'answered' ? ({ type: 'ChargeHold', holdId } as const) : ({ type: 'ReleaseHold', holdId, reason: state.reason } as const);
    moved = (await changeCredits(store, state.userId, command, ctx)).position;
  }
  return (await onCall(store, state.callId, { type: 'SettleAiCall' }, ctx)).position ?? moved;
}

/** A call's state as it ended here, and where its last event sits (for the answer to wait for the credits' read models). */
interface Ended {
  state: AiCallState;
  position: Position | null;
}

export interface AiCallRequest {
  userId: string;
  functionName: AiFunctionName;
  input: Record<string, unknown>;
  idempotencyKey: string;
}

/**
 * Calls an AI function for a user, paid with their credits: the function's cost is held, the
 * model asked, and the hold charged when it answered or given back when it failed, timed out or
 * answered something unreadable (502/504, saying the credits were not charged). The call's end is
 * recorded before the hold is settled, so the same key again gives the same answer or the same
 * failure, without asking the model nor charging again, even after a restart.
 */
export async function callAiFunction(deps: Deps, request: AiCallRequest, ctx: CommandContext): Promise<{ outcome: AiAnswer | DomainError; position: Position | null }> {
  const callId = derivedId('ai-call', request.userId, request.idempotencyKey);
  // The key means this request (the function and its input): another one with it is refused (409)
  // before anything is asked or held. The call's first event keeps the same hash.
  const claim = idempotencyClaim('ai-call', request.userId, request.idempotencyKey, { functionName: request.functionName, input: request.input });
  await claimIdempotencyKey(deps.store, claim, ctx);
  const inputHash = claim.requestHash;
  const underWay = underWayIn(deps.store);
  let call = underWay.get(callId);
  if (!call) {
    call = runCall(deps, callId, inputHash, request, ctx);
    underWay.set(callId, call);
    void call.catch(() => undefined).finally(() => underWay.delete(callId));
  }
  const { state, position } = await call;
  if (state.status === 'none' || state.status === 'started') throw new DomainError('La stessa richiesta è ancora in corso: riprova tra poco.', 'conflict');
  // A failure is an answer too (its release was just recorded): the caller waits for it, then refuses.
  if (state.status === 'failed') return { outcome: new DomainError(state.failure.message, kindOfStatus[state.failure.status] ?? 'upstream'), position };
  const balance = balanceAt(await ledgerOf(deps.store, request.userId), ctx.now);
  return { outcome: { ...state.result, creditsCharged: state.credits, balance }, position };
}

async function runCall(deps: Deps, callId: string, inputHash: string, request: AiCallRequest, ctx: CommandContext): Promise<Ended> {
  const { store, db } = deps;
  const known = (await loadState(store, aiCallStreamId(callId), aiCallDecider)).state;
  if (known.status !== 'none') {
    // Ended before (maybe in a process that died before settling): settled now, answered the same.
    return { state: known, position: await settle(store, known, ctx) };
  }

  const settings = await readOpenAiSettings(db);
  const unavailable = whyAiUnavailable(settings);
  if (unavailable) throw new DomainError(unavailable, 'unavailable');

  const credits = await costOf(db, request.functionName);
  const deadline = new Date(ctx.now.getTime() + settings.timeoutSeconds * 1000 + AI_CALL_GRACE_MS).toISOString();
  const started = await onCall(store, callId, { type: 'StartAiCall', callId, userId: request.userId, functionName: request.functionName, inputHash, credits, deadline }, ctx);
  // Another process started it first: its answer, when there is one.
  if (!started.events.length) return { state: started.state, position: null };

  // The call ends when the model is done: the request's time moved on by what the call took, so the
  // credits' history lists the charge or the release after the hold.
  const began = performance.now();
  const end = async (command: AiCallCommand): Promise<Ended> => {
    const at = { ...ctx, now: new Date(ctx.now.getTime() + Math.ceil(performance.now() - began)) };
    const { state, position } = await onCall(store, callId, command, at);
    return { state, position: (await settle(store, state, at)) ?? position };
  };

  if (credits > 0) {
    const usage = { action: request.functionName, ...usageOf(request.functionName, request.input) };
    try {
      await changeCredits(store, request.userId, { type: 'HoldCredits', holdId: callId, credits, usage, now: ctx.now }, ctx);
    } catch (err) {
      // Not enough credits (the ledger's 422 says how many): nothing held, the model not asked.
      if (err instanceof DomainError && err.kind === 'rule') return end({ type: 'FailAiCall', failure: { status: 422, message: err.message }, reason: err.message });
      throw err;
    }
  }

  try {
    const content = await askModel(settings, promptOf(request.functionName, request.input));
    return await end({ type: 'AnswerAiCall', result: resultOf(request.functionName, content) });
  } catch (err) {
    const why = err instanceof ModelTimedOut ? 'timeout' : err instanceof MalformedAnswer ? 'malformed' : 'failed';
    const failure = why === 'timeout' ? failures.timeout(settings.timeoutSeconds) : failures[why]();
    return end({ type: 'FailAiCall', failure, reason: releaseReason[why] });
  }
}

/**
 * Settles what a crash left open: calls ended but not settled (their hold charged or given back
 * as they ended), and calls still started past their deadline (their process died while asking
 * the model), failed and their credits given back. Any process may run it, again, at once.
 */
export async function settleAbandonedAiCalls(deps: Deps, now: Date, calls: readonly { id: string }[]): Promise<number> {
  const ctx = systemContext(now);
  let settled = 0;
  for (const { id } of calls) {
    let { state } = await loadState(deps.store, aiCallStreamId(id), aiCallDecider);
    if (state.status === 'started') {
      ({ state } = await onCall(deps.store, id, { type: 'FailAiCall', failure: failures.interrupted(), reason: releaseReason.interrupted }, ctx));
    }
    if ((state.status === 'answered' || state.status === 'failed') && !state.settled) {
      await settle(deps.store, state, ctx);
      settled++;
    }
  }
  return settled;
}
