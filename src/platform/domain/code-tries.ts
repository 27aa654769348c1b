import type { Decider, DomainEvent } from './decider.js';
import { Throttled } from './errors.js';

/*
 * Wrong one-time codes, counted per actor and kind of code (issue [16], "Codes that can be
 * guessed"): pickup and delivery codes of orders, sessions' activation codes, standing accesses'
 * codes. Each code also counts its own wrong tries on its aggregate (five burn it); this counter is
 * the actor's across every code of a kind, so nobody tries one wrong code on each of many orders.
 * After `maxWrongTries` wrong codes within `windowMs` the actor is locked out of that kind of code
 * for `lockMs` (the lock is checked before any code is compared: a locked actor learns nothing,
 * even with the right code). Pure: the time comes with each command. The counter is a stream of
 * its own (platform/commands/code-tries.ts), so every app process, and a restart, sees the same.
 */

/** The kinds of one-time codes a person types. */
export const codeTryKinds = ['pickup', 'delivery', 'activation', 'closure', 'access'] as const;
export type CodeTryKind = (typeof codeTryKinds)[number];

export const codeTryLimits = {
  /** Wrong codes of one kind an actor may type within the window: far more than typos, far fewer than a guess needs. */
  maxWrongTries: 10,
  /** How long a wrong code counts. */
  windowMs: 60 * 60_000,
  /** How long the actor is then locked out of that kind of code. */
  lockMs: 60 * 60_000,
} as const;

export type CodeTriesCommand =
  /** A wrong code typed by the actor (`actorId`) of this kind. */
  | { type: 'FailCodeTry'; kind: CodeTryKind; actorId: string; now: Date }
  /**
   * A right code: recorded in the same append as what it does, so that a right code and a wrong
   * one typed at once by the same actor are decided one after the other (the stream's revision),
   * never both on the count from before either.
   */
  | { type: 'PassCodeTry'; kind: CodeTryKind; actorId: string; now: Date };

export type CodeTriesEvent =
  | DomainEvent<'CodeTryFailed', { kind: CodeTryKind; actorId: string; at: string; tries: number }>
  | DomainEvent<'CodeTryPassed', { kind: CodeTryKind; actorId: string; at: string }>
  | DomainEvent<'CodeTriesLocked', { kind: CodeTryKind; actorId: string; until: string }>;

export interface CodeTriesState {
  /** The latest wrong tries (at most maxWrongTries, the oldest first), ISO times. */
  failures: string[];
  /** Locked out until then (ISO), or null; wrong tries before it no longer count once it is over. */
  lockedUntil: string | null;
}

export class CodeTriesThrottled extends Throttled {
  constructor(retryAfterSeconds: number) {
    super('Troppi tentativi con codici errati', retryAfterSeconds);
  }
}

/** Seconds the actor stays locked out at `now`, or null when they may try a code. */
export function lockedFor(state: CodeTriesState, now: Date): number | null {
  if (!state.lockedUntil) return null;
  const left = Date.parse(state.lockedUntil) - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : null;
}

/** Refuses (429, CodeTriesThrottled) an actor locked out at `now`. */
export function checkNotLocked(state: CodeTriesState, now: Date): void {
  const wait = lockedFor(state, now);
  if (wait !== null) throw new CodeTriesThrottled(wait);
}

/** The wrong tries that count at `now`: within the window and after the last lock ended. */
export function triesCounted(state: CodeTriesState, now: Date): number {
  const from = Math.max(now.getTime() - codeTryLimits.windowMs, state.lockedUntil ? Date.parse(state.lockedUntil) : -Infinity);
  return state.failures.filter((at) => Date.parse(at) > from).length;
}

export const codeTriesDecider: Decider<CodeTriesCommand, CodeTriesEvent, CodeTriesState> = {
  initialState: { failures: [], lockedUntil: null },

  decide(command, state) {
    const { kind, actorId, now } = command;
    checkNotLocked(state, now);
    if (command.type === 'PassCodeTry') return [{ type: 'CodeTryPassed', data: { kind, actorId, at: now.toISOString() } }];
    const tries = triesCounted(state, now) + 1;
    const failed: CodeTriesEvent = { type: 'CodeTryFailed', data: { kind, actorId, at: now.toISOString(), tries } };
    if (tries < codeTryLimits.maxWrongTries) return [failed];
    return [failed, { type: 'CodeTriesLocked', data: { kind, actorId, until: new Date(now.getTime() + codeTryLimits.lockMs).toISOString() } }];
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CodeTryFailed':
        return { ...state, failures: [...state.failures, event.data.at].slice(-codeTryLimits.maxWrongTries) };
      case 'CodeTriesLocked':
        return { failures: [], lockedUntil: event.data.until };
      // A right code changes no count: the wrong ones before it still count (a shop's own orders do not wash away guesses at others).
      default:
        return state;
    }
  },
};

/** The events' Italian names, for the admin's history (the platform's own, beside the modules'). */
export const codeTriesEvents: Record<CodeTriesEvent['type'], string> = {
  CodeTryFailed: 'Codice errato',
  CodeTryPassed: 'Codice giusto',
  CodeTriesLocked: 'Bloccato dopo troppi codici errati',
};
