import type { CommandContext } from '../domain/context.js';
import { checkNotLocked, codeTriesDecider, type CodeTriesState, type CodeTryKind } from '../domain/code-tries.js';
import type { EventStore, Position } from '../eventstore/types.js';
import { handleTogether, loadState, type StreamCommand } from './handle-command.js';

/*
 * One mechanism for every one-time code a person types (issue [16]): the actor's wrong tries of a
 * kind of code are events in a stream of their own, `code-tries-<kind>-<actorId>`
 * (domain/code-tries.ts decides them), so every app process and a restart count the same. A
 * code is tried with `tryCode`: the actor's lock is checked before the code is compared (a locked
 * actor learns nothing, even with the right code), and every try is appended to the counter in
 * the same append as the code's own events (its aggregate's wrong try, its burn and reissue; or
 * what the right code does), all or none: of two tries at once the second is decided again on the
 * counter the first moved, so no guess slips past the cap, not even a right one in a burst.
 */

const cacheAs = 'code-tries';

export const codeTriesStreamId = (kind: CodeTryKind, actorId: string): string => `code-tries-${kind}-${actorId}`;

/** Who types a code, and which kind of code. */
export interface CodeTrier {
  kind: CodeTryKind;
  actorId: string;
}

/** The actor's counter as stored now; refused (429) while they are locked out. */
export async function checkCodeTries(store: EventStore, who: CodeTrier, now: Date): Promise<{ state: CodeTriesState; revision: number }> {
  // Kept folded in memory: a busy shop's stream grows with every code, only what is new is read.
  const loaded = await loadState(store, codeTriesStreamId(who.kind, who.actorId), codeTriesDecider, cacheAs);
  checkNotLocked(loaded.state, now);
  return loaded;
}

/** The command recording one try (wrong or right) on the counter as just read, to append with the code's own events. */
export function codeTry(who: CodeTrier, wrong: boolean, loaded: { state: CodeTriesState; revision: number }, now: Date): StreamCommand {
  return {
    streamId: codeTriesStreamId(who.kind, who.actorId),
    decider: codeTriesDecider as StreamCommand['decider'],
    command: { type: wrong ? 'FailCodeTry' : 'PassCodeTry', kind: who.kind, actorId: who.actorId, now },
    loaded,
    cacheAs,
  };
}

/** What a code's plan decided: the commands on its aggregates, and whether the code was wrong. */
export interface CodePlan {
  commands: StreamCommand[];
  wrong: boolean;
}

export interface TryOptions {
  /**
   * True where every wrong try of the actor is appended to each record a right code of theirs
   * could open (a collaborator's wrong activation code counts on each of their sessions waiting
   * for one; a wrong closure code on the session it closes): a right code is then already decided
   * in turn with the wrong ones by those records' revisions, and needs no try of its own on the
   * counter (one stream less in the append). False (the default) where a right code on one record
   * (an order's pickup code) would not meet wrong tries on the others.
   */
  rightOnTheSameRecords?: boolean;
}

/**
 * A code typed by `who`: refused (429) while they are locked out, before `plan` reads and
 * answers anything (`plan` reads meanwhile, and writes nothing but idempotent code claims); then `plan`'s commands are appended together with the try on the actor's
 * counter (wrong: counted; right: recorded, which orders it among the actor's other tries). A concurrent change to any of those streams reads and
 * decides again (a lock meanwhile refuses). `wrong`: the caller answers the wrong code (422) now
 * that it is counted. `plan` answering null: nothing to do.
 */
export async function tryCode(
  store: EventStore,
  who: CodeTrier,
  ctx: CommandContext,
  plan: () => Promise<CodePlan | null>,
  { rightOnTheSameRecords = false }: TryOptions = {},
): Promise<{ position: Position | null; wrong: boolean }> {
  let wrong = false;
  const position = await handleTogether(
    store,
    async () => {
      // Read side by side, but the lock is answered first: a locked actor learns nothing of the
      // code, whatever the plan found. A plan reads, and at most claims the next code of a record it
      // would burn (issueCode: the same version claims the same code again, so nothing is lost).
      const [counter, planning] = await Promise.allSettled([checkCodeTries(store, who, ctx.now), plan()]);
      if (counter.status === 'rejected') throw counter.reason;
      if (planning.status === 'rejected') throw planning.reason;
      const tries = counter.value;
      const planned = planning.value;
      wrong = planned?.wrong ?? false;
      if (!planned) return null;
      // Wrong or right, the try is appended to the counter with the code's events: every try of the
      // actor is decided on the counter as the one before left it, so a burst of guesses at once is
      // counted one by one and stops at the lock (a right code among them is no exception).
      if (!wrong && rightOnTheSameRecords) return planned.commands;
      return [...planned.commands, codeTry(who, wrong, tries, ctx.now)];
    },
    ctx,
  );
  return { position, wrong };
}
