import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { checkInteger, checkTime } from '../../platform/domain/limits.js';
import type { AiResult } from './functions.js';

/*
 * One call of an AI function, one stream a call: its id comes from the caller and the request's
 * Idempotency-Key, and it is also the id of the credits' hold. Its end (the answer, or the
 * failure) is recorded once, before the hold is charged or released, so the same key again answers
 * the same thing without asking the model again, after a restart too; and whoever settles the hold
 * later (the request, or the sweep after a crash) knows which way; its settling is recorded too,
 * so the sweep looks only at calls still open.
 */

export const aiCallStreamId = (callId: string): string => `ai-call-${callId}`;

/** How a call that failed answers, again and again: its status (502, 504, 422) and its Italian message. */
export interface AiFailure {
  status: number;
  message: string;
}

export type AiCallCommand =
  | { type: 'StartAiCall'; callId: string; userId: string; functionName: string; inputHash: string; credits: number; deadline: string }
  | { type: 'AnswerAiCall'; result: AiResult }
  | { type: 'FailAiCall'; failure: AiFailure; reason: string }
  /** The hold is charged (answered) or released (failed): the call needs nothing more. */
  | { type: 'SettleAiCall' };

export type AiCallEvent =
  | DomainEvent<'AiCallStarted', { callId: string; userId: string; functionName: string; inputHash: string; credits: number; deadline: string }>
  | DomainEvent<'AiCallAnswered', { result: AiResult; credits: number }>
  | DomainEvent<'AiCallFailed', { failure: AiFailure; reason: string }>
  | DomainEvent<'AiCallSettled', Record<string, never>>;

interface Started {
  callId: string;
  userId: string;
  functionName: string;
  inputHash: string;
  credits: number;
  deadline: string;
}

export type AiCallState =
  | { status: 'none' }
  | ({ status: 'started' } & Started)
  | ({ status: 'answered'; result: AiResult; settled: boolean } & Started)
  | ({ status: 'failed'; failure: AiFailure; reason: string; settled: boolean } & Started);

export const aiCallDecider: Decider<AiCallCommand, AiCallEvent, AiCallState> = {
  initialState: { status: 'none' },
  decide(command, state) {
    switch (command.type) {
      case 'StartAiCall': {
        if (state.status !== 'none') return [];
        checkInteger('credits', 'Crediti', command.credits, { min: 0, max: 1_000_000 });
        checkTime('deadline', 'Scadenza della chiamata', command.deadline);
        const { type: _, ...data } = command;
        return [{ type: 'AiCallStarted', data }];
      }
      // The first end wins: an answer arriving after the sweep gave up on the call changes nothing.
      case 'AnswerAiCall':
        return state.status === 'started' ? [{ type: 'AiCallAnswered', data: { result: command.result, credits: state.credits } }] : [];
      case 'FailAiCall':
        return state.status === 'started' ? [{ type: 'AiCallFailed', data: { failure: command.failure, reason: command.reason } }] : [];
      case 'SettleAiCall':
        return (state.status === 'answered' || state.status === 'failed') && !state.settled ? [{ type: 'AiCallSettled', data: {} }] : [];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'AiCallStarted':
        return { status: 'started', ...event.data };
      case 'AiCallAnswered':
        return state.status === 'started' ? { ...state, status: 'answered', result: event.data.result, settled: false } : state;
      case 'AiCallFailed':
        return state.status === 'started' ? { ...state, status: 'failed', failure: event.data.failure, reason: event.data.reason, settled: false } : state;
      case 'AiCallSettled':
        return state.status === 'answered' || state.status === 'failed' ? { ...state, settled: true } : state;
    }
  },
};
