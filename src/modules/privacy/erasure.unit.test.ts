import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { erasureDecider, type ErasureEvent } from './erasure.js';

const now = new Date('2026-12-02T10:00:00.000Z');
const requested: ErasureEvent = {
  type: 'ErasureRequested',
  data: { userId: 'u1', role: 'customer', by: 'self', requestedAt: now.toISOString(), dueAt: '2027-01-01T10:00:00.000Z' },
};
const waiting: ErasureEvent = { type: 'ErasureWaiting', data: { openOrders: 2, since: now.toISOString() } };
const carriedOut: ErasureEvent = { type: 'ErasureCarriedOut', data: { keys: 5, readModels: ['users'], carriedOutAt: now.toISOString() } };
const completed: ErasureEvent = { type: 'ErasureCompleted', data: { completedAt: now.toISOString() } };

describe('an erasure of a person’s data', () => {
  const spec = deciderSpec(erasureDecider);

  it('is requested once, with its deadline a month (30 days) later; never for an admin', () => {
    spec.given([]).when({ type: 'RequestErasure', userId: 'u1', role: 'customer', by: 'self', now }).then([requested]);
    spec
      .given([requested])
      .when({ type: 'RequestErasure', userId: 'u1', role: 'customer', by: 'admin', now })
      .thenThrows(DomainError, { kind: 'conflict', message: 'La cancellazione dei dati di questo account è già stata richiesta.' });
    spec
      .given([])
      .when({ type: 'RequestErasure', userId: 'u1', role: 'admin', by: 'self', now })
      .thenThrows(DomainError, { kind: 'rule', message: 'I dati di un amministratore non si cancellano da qui: prima gli si toglie il ruolo.' });
    spec
      .given([])
      .when({ type: 'RequestErasure', userId: 'u1', role: 'customer', by: 'self', now: new Date('1200-01-01') })
      .thenThrows(DomainError, { kind: 'rule' });
  });

  it('waits for a shop’s open orders, noting their number only when it changes', () => {
    spec.given([requested]).when({ type: 'WaitForOpenOrders', openOrders: 2, now }).then([waiting]);
    spec.given([requested, waiting]).when({ type: 'WaitForOpenOrders', openOrders: 2, now }).thenNothing();
    spec
      .given([requested, waiting])
      .when({ type: 'WaitForOpenOrders', openOrders: 1, now })
      .then([{ type: 'ErasureWaiting', data: { openOrders: 1, since: now.toISOString() } }]);
    spec.given([requested, carriedOut]).when({ type: 'WaitForOpenOrders', openOrders: 1, now }).thenNothing();
    for (const openOrders of [0, -1, 1.5, 2 ** 31]) spec.given([requested]).when({ type: 'WaitForOpenOrders', openOrders, now }).thenThrows(DomainError, { kind: 'rule' });
    spec.given([requested]).when({ type: 'CarryOutErasure', keys: -1, readModels: [], now }).thenThrows(DomainError, { kind: 'rule' });
  });

  it('is carried out once, then completed once; nothing before a request', () => {
    const carry = { type: 'CarryOutErasure' as const, keys: 5, readModels: ['users'], now };
    spec.given([requested]).when(carry).then([carriedOut]);
    spec.given([requested, waiting]).when(carry).then([carriedOut]);
    spec.given([requested, carriedOut]).when(carry).thenNothing();
    spec.given([requested, carriedOut]).when({ type: 'CompleteErasure', now }).then([completed]);
    spec.given([requested, carriedOut, completed]).when({ type: 'CompleteErasure', now }).thenNothing();
    spec.given([requested]).when({ type: 'CompleteErasure', now }).thenThrows(DomainError, { kind: 'conflict', message: 'La cancellazione non è ancora stata eseguita.' });
    spec.given([]).when(carry).thenThrows(DomainError, { kind: 'not-found', message: 'Nessuna richiesta di cancellazione per questo account.' });
  });
});
