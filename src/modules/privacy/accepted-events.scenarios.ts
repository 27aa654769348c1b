import { scenario, scenarioNow as now, worldIds } from '../../platform/testing/accepted-events.js';
import { erasureDecider, erasureStreamId, type ErasureCommand } from './erasure.js';

export const scenarios = [
  scenario<ErasureCommand>(
    'erasures',
    erasureStreamId(worldIds.customer),
    erasureDecider,
    [{ type: 'RequestErasure', userId: worldIds.customer, role: 'customer', by: 'self', now }],
    [
      { type: 'WaitForOpenOrders', openOrders: 3, now },
      { type: 'CarryOutErasure', keys: 12, readModels: ['users', 'orders'], now },
      { type: 'CompleteErasure', now },
    ],
  ),
];
