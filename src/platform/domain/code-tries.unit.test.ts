import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { codeTriesDecider, codeTryLimits, CodeTriesThrottled, lockedFor, triesCounted, type CodeTriesEvent } from './code-tries.js';
import { fold } from './decider.js';

const t0 = new Date('2026-06-01T08:00:00.000Z');
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);
const failed = (minutes: number, tries: number): CodeTriesEvent => ({ type: 'CodeTryFailed', data: { kind: 'delivery', actorId: 'c1', at: at(minutes).toISOString(), tries } });
const fail = (minutes: number) => ({ type: 'FailCodeTry' as const, kind: 'delivery' as const, actorId: 'c1', now: at(minutes) });
/** `n` wrong tries, one a minute from t0. */
const wrong = (n: number) => Array.from({ length: n }, (_, i) => failed(i, i + 1));
const locked = (minutes: number): CodeTriesEvent => ({ type: 'CodeTriesLocked', data: { kind: 'delivery', actorId: 'c1', until: at(minutes + 60).toISOString() } });

const spec = deciderSpec(codeTriesDecider);

describe('wrong codes counted per actor', () => {
  it('counts each wrong try, and locks the actor out for an hour at the tenth within the hour', () => {
    expect(codeTryLimits).toEqual({ maxWrongTries: 10, windowMs: 3_600_000, lockMs: 3_600_000 });
    spec
      .given([])
      .when(fail(0))
      .then([failed(0, 1)]);
    spec
      .given(wrong(8))
      .when(fail(8))
      .then([failed(8, 9)]);
    spec
      .given(wrong(9))
      .when(fail(9))
      .then([failed(9, 10), locked(9)]);
  });

  it('refuses any try while locked out (429 with the minutes left), and counts again from zero once the lock is over', () => {
    const history = [...wrong(9), failed(9, 10), locked(9)];
    spec.given(history).when(fail(10)).thenThrows(CodeTriesThrottled, { kind: 'too-many', message: 'Troppi tentativi con codici errati. Riprova tra 59 minuti.' });
    spec
      .given(history)
      .when(fail(68))
      .thenThrows(CodeTriesThrottled, /Riprova tra 1 minuto\.$/);
    const state = fold(codeTriesDecider, history);
    expect([lockedFor(state, at(10)), lockedFor(state, at(69)), triesCounted(state, at(69))]).toEqual([3540, null, 0]);
    spec
      .given(history)
      .when(fail(69))
      .then([failed(69, 1)]);
  });

  it('forgets wrong tries older than the window', () => {
    // Nine in the first minutes, then one 61 minutes after the first: the first no longer counts.
    spec
      .given(wrong(9))
      .when(fail(60.5))
      .then([{ type: 'CodeTryFailed', data: { kind: 'delivery', actorId: 'c1', at: at(60.5).toISOString(), tries: 9 } }]);
    spec
      .given(wrong(9))
      .when(fail(200))
      .then([failed(200, 1)]);
  });

  it('records a right code without washing the wrong ones away; a locked actor’s right code is refused too', () => {
    const pass = (minutes: number) => ({ type: 'PassCodeTry' as const, kind: 'delivery' as const, actorId: 'c1', now: at(minutes) });
    const passed: CodeTriesEvent = { type: 'CodeTryPassed', data: { kind: 'delivery', actorId: 'c1', at: at(9).toISOString() } };
    spec.given(wrong(9)).when(pass(9)).then([passed]);
    spec
      .given([...wrong(9), passed])
      .when(fail(10))
      .then([failed(10, 10), locked(10)]);
    spec
      .given([...wrong(9), failed(9, 10), locked(9)])
      .when(pass(30))
      .thenThrows(CodeTriesThrottled);
  });

  it('keeps only the latest tries in its state, however long the stream', () => {
    const many = Array.from({ length: 50 }, (_, i) => failed(i * 120, 1));
    expect(fold(codeTriesDecider, many).failures).toHaveLength(codeTryLimits.maxWrongTries);
  });
});
