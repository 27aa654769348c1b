import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { erasureDecider, erasureStreamId } from './erasure.js';
import { erasuresProjection } from './projection.js';

describe('erasures projection', () => {
  const spec = useProjection(erasuresProjection);
  const log = new EventLog('2026-12-02T10:00:00.000Z');

  it('keeps each erasure from its request, through its wait for open orders, to its completion', async () => {
    const [shopkeeper, customer] = [randomUUID(), randomUUID()];
    const now = new Date('2026-12-02T10:00:00.000Z');
    const later = new Date('2026-12-03T10:00:00.000Z');
    await spec.apply([
      ...log.decide(erasureStreamId(shopkeeper), erasureDecider, { type: 'RequestErasure', userId: shopkeeper, role: 'shopkeeper', by: 'admin', now }),
      ...log.decide(erasureStreamId(customer), erasureDecider, { type: 'RequestErasure', userId: customer, role: 'customer', by: 'self', now }),
      ...log.decide(erasureStreamId(shopkeeper), erasureDecider, { type: 'WaitForOpenOrders', openOrders: 2, now }),
      ...log.decide(erasureStreamId(shopkeeper), erasureDecider, { type: 'WaitForOpenOrders', openOrders: 1, now: later }),
      ...log.decide(erasureStreamId(customer), erasureDecider, { type: 'CarryOutErasure', keys: 4, readModels: ['users', 'orders'], now }),
      ...log.decide(erasureStreamId(customer), erasureDecider, { type: 'CompleteErasure', now: later }),
    ]);
    expect(
      await spec.rows(
        'SELECT role, requested_by, status, requested_at, due_at, open_orders, waiting_since, keys_erased, read_models, carried_out_at, completed_at FROM erasures ORDER BY role DESC',
      ),
    ).toEqual([
      {
        role: 'shopkeeper',
        requested_by: 'admin',
        status: 'waiting',
        requested_at: now,
        due_at: new Date('2027-01-01T10:00:00.000Z'),
        open_orders: 1,
        waiting_since: now,
        keys_erased: null,
        read_models: [],
        carried_out_at: null,
        completed_at: null,
      },
      {
        role: 'customer',
        requested_by: 'self',
        status: 'completed',
        requested_at: now,
        due_at: new Date('2027-01-01T10:00:00.000Z'),
        open_orders: 0,
        waiting_since: null,
        keys_erased: 4,
        read_models: ['users', 'orders'],
        carried_out_at: now,
        completed_at: later,
      },
    ]);
  });
});
