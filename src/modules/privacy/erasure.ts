import type { Role } from '../../platform/domain/context.js';
import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkInteger, checkTime } from '../../platform/domain/limits.js';

/*
 * One person's erasure (GDPR art. 17, issue [21]): asked by them or, on their request, by an admin;
 * carried out by the privacy module's upkeep (their keys deleted, their account ended, the read
 * models holding their data rebuilt), complete once the rebuilt read models took their place. A
 * shop's owner waits while their shop, closed at the request, still has open orders. The law's
 * deadline is a month from the request.
 */

export const erasureStreamId = (userId: string): string => `erasure-${userId}`;

/** Where an erasure stands. `none`: never asked. */
export type ErasureStatus = 'none' | 'requested' | 'waiting' | 'carried_out' | 'completed';

/** Who asked: the person from their settings, or an admin on their request. */
export type ErasureRequestedBy = 'self' | 'admin';

/** Art. 12(3): without undue delay, within one month of the request. */
export const erasureDeadlineDays = 30;

export type ErasureCommand =
  | { type: 'RequestErasure'; userId: string; role: Role; by: ErasureRequestedBy; now: Date }
  /** The erasure waits: the person's shop still has open orders to see through. */
  | { type: 'WaitForOpenOrders'; openOrders: number; now: Date }
  | { type: 'CarryOutErasure'; keys: number; readModels: readonly string[]; now: Date }
  | { type: 'CompleteErasure'; now: Date };

export type ErasureEvent =
  | DomainEvent<'ErasureRequested', { userId: string; role: Role; by: ErasureRequestedBy; requestedAt: string; dueAt: string }>
  | DomainEvent<'ErasureWaiting', { openOrders: number; since: string }>
  | DomainEvent<'ErasureCarriedOut', { keys: number; readModels: string[]; carriedOutAt: string }>
  | DomainEvent<'ErasureCompleted', { completedAt: string }>;

export interface ErasureState {
  status: ErasureStatus;
  userId: string | null;
  dueAt: string | null;
  /** The open orders it waits for, when waiting. */
  openOrders: number;
}

const at = (name: string, now: Date): string => {
  const iso = now.toISOString();
  checkTime(name, 'Data', iso);
  return iso;
};

export const erasureDecider: Decider<ErasureCommand, ErasureEvent, ErasureState> = {
  initialState: { status: 'none', userId: null, dueAt: null, openOrders: 0 },

  decide(command, state) {
    if (command.type === 'RequestErasure') {
      if (state.status !== 'none') throw new DomainError('La cancellazione dei dati di questo account è già stata richiesta.', 'conflict');
      if (command.role === 'admin') throw new DomainError('I dati di un amministratore non si cancellano da qui: prima gli si toglie il ruolo.', 'rule');
      const requestedAt = at('requestedAt', command.now);
      const dueAt = new Date(command.now.getTime() + erasureDeadlineDays * 86_400_000).toISOString();
      return [{ type: 'ErasureRequested', data: { userId: command.userId, role: command.role, by: command.by, requestedAt, dueAt } }];
    }
    if (state.status === 'none') throw new DomainError('Nessuna richiesta di cancellazione per questo account.', 'not-found');
    switch (command.type) {
      case 'WaitForOpenOrders':
        checkInteger('openOrders', 'Ordini aperti', command.openOrders, { min: 1, max: 2 ** 31 - 1 });
        if (state.status !== 'requested' && state.status !== 'waiting') return [];
        if (state.status === 'waiting' && state.openOrders === command.openOrders) return [];
        return [{ type: 'ErasureWaiting', data: { openOrders: command.openOrders, since: at('since', command.now) } }];
      case 'CarryOutErasure':
        if (state.status === 'carried_out' || state.status === 'completed') return [];
        checkInteger('keys', 'Chiavi eliminate', command.keys, { min: 0, max: 2 ** 31 - 1 });
        return [{ type: 'ErasureCarriedOut', data: { keys: command.keys, readModels: [...command.readModels], carriedOutAt: at('carriedOutAt', command.now) } }];
      case 'CompleteErasure':
        if (state.status === 'completed') return [];
        if (state.status !== 'carried_out') throw new DomainError('La cancellazione non è ancora stata eseguita.', 'conflict');
        return [{ type: 'ErasureCompleted', data: { completedAt: at('completedAt', command.now) } }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ErasureRequested':
        return { ...state, status: 'requested', userId: event.data.userId, dueAt: event.data.dueAt };
      case 'ErasureWaiting':
        return { ...state, status: 'waiting', openOrders: event.data.openOrders };
      case 'ErasureCarriedOut':
        return { ...state, status: 'carried_out', openOrders: 0 };
      case 'ErasureCompleted':
        return { ...state, status: 'completed' };
      default:
        return state;
    }
  },
};
