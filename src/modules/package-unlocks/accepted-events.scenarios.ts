import { randomUUID } from 'node:crypto';
import { later, scenario, scenarioNow as now, worldIds } from '../../platform/testing/accepted-events.js';
import { unlockDecider, unlockStreamId, type UnlockCommand, type UnlockFields } from './unlock.js';

const day = 86_400_000;
const unlock = randomUUID();
const fields: UnlockFields = { unlockId: unlock, requestId: randomUUID(), shopkeeperId: worldIds.shopkeeper, storeId: worldIds.store, packageId: randomUUID() };

export const scenarios = [
  scenario<UnlockCommand>(
    'package unlocks',
    unlockStreamId(unlock),
    unlockDecider,
    [{ type: 'CreateUnlock', fields }],
    [
      { type: 'UnlockForCollaborator', collaboratorId: worldIds.collaborator, purchaseDeadline: later(3 * day).toISOString() },
      {
        type: 'AdminUnlock',
        adminUserId: worldIds.admin,
        reason: 'Negozio in difficoltà',
        specialConditions: 'Prima sessione gratuita',
        freeOfCharge: true,
        purchaseDeadline: later(7 * day).toISOString(),
        now,
      },
      { type: 'RecordPurchase', paymentId: randomUUID(), amountCents: 4900, now },
      { type: 'RecordPurchase', paymentId: null, amountCents: 0, now },
      { type: 'LapseUnlock', now: later(8 * day) },
    ],
  ),
];
