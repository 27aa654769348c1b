import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { creditsDecider, creditsStreamId, type Usage } from './ledger.js';
import { creditsProjection } from './projection.js';

const usage: Usage = { action: 'product-description', description: 'Descrizione di «Caciotta»', relatedEntity: { type: 'product', id: 'p1' } };

describe('credits projection', () => {
  const spec = useProjection(creditsProjection);
  const log = new EventLog('2026-11-24T10:00:00.000Z');

  it('keeps each user’s balance and totals, and every movement with what it was for', async () => {
    const user = randomUUID();
    const stream = creditsStreamId(user);
    const now = new Date('2026-11-24T10:00:00.000Z');
    await spec.apply([
      ...log.decide(stream, creditsDecider, {
        type: 'AddCredits',
        lotId: 'a',
        credits: 10,
        expiresAt: '2027-11-24T10:00:00.000Z',
        source: { kind: 'purchase', paymentId: 'pay1', packageId: 'pk1' },
      }),
      ...log.decide(stream, creditsDecider, { type: 'SpendCredits', spendId: 's1', credits: 2, usage, now }),
      ...log.decide(stream, creditsDecider, { type: 'HoldCredits', holdId: 'h1', credits: 1, usage, now }),
      ...log.decide(stream, creditsDecider, { type: 'ReleaseHold', holdId: 'h1', reason: 'Il servizio AI non ha risposto.' }),
      ...log.decide(stream, creditsDecider, { type: 'HoldCredits', holdId: 'h2', credits: 1, usage, now }),
      ...log.decide(stream, creditsDecider, { type: 'ChargeHold', holdId: 'h2' }),
      ...log.decide(stream, creditsDecider, {
        type: 'AddCredits',
        lotId: 'g',
        credits: 3,
        expiresAt: '2027-11-24T10:00:00.000Z',
        source: { kind: 'adjustment', reason: 'Omaggio' },
      }),
      ...log.decide(stream, creditsDecider, { type: 'WithdrawLot', lotId: 'g', reason: 'Acquisto rimborsato' }),
    ]);
    expect(await spec.rows('SELECT balance, total_purchased, total_used FROM ai_credits WHERE user_id = $1', [user])).toEqual([{ balance: 7, total_purchased: 10, total_used: 3 }]);
    expect(await spec.rows('SELECT kind, credits, action, description FROM credit_movements WHERE user_id = $1 ORDER BY at, kind', [user])).toHaveLength(8);
    expect(await spec.rows('SELECT sum(credits)::int AS total FROM credit_movements WHERE user_id = $1', [user])).toEqual([{ total: 7 }]);
    // What each function used, a hold counted once, when it was charged (a released one not at all).
    expect(await spec.rows('SELECT action, sum(used)::int AS used FROM credit_movements WHERE user_id = $1 AND used > 0 GROUP BY action', [user])).toEqual([
      { action: 'product-description', used: 3 },
    ]);
  });
});
