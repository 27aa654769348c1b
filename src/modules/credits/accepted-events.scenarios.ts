import { randomUUID } from 'node:crypto';
import { later, scenario, scenarioNow as now, worldIds } from '../../platform/testing/accepted-events.js';
import { creditsDecider, creditsStreamId, type CreditsCommand } from './ledger.js';

const year = 365 * 86_400_000;
const lot = randomUUID();
const hold = randomUUID();
const sent = randomUUID();
const received = randomUUID();
const usage = { action: 'ai:price-suggestion', description: 'Prezzo suggerito', relatedEntity: { type: 'product', id: worldIds.product } };

export const scenarios = [
  scenario<CreditsCommand>(
    'AI credits',
    creditsStreamId(worldIds.shopkeeper),
    creditsDecider,
    [
      {
        type: 'AddCredits',
        lotId: lot,
        credits: 100,
        expiresAt: later(year).toISOString(),
        source: { kind: 'purchase', paymentId: randomUUID(), packageId: randomUUID(), packageName: 'Crediti 100' },
      },
      { type: 'HoldCredits', holdId: hold, credits: 3, usage, now },
      { type: 'SendCredits', transferId: sent, credits: 10, toUserId: worldIds.collaborator, assignmentId: randomUUID(), reason: 'Lavoro sul catalogo', now },
    ],
    [
      { type: 'AddCredits', lotId: randomUUID(), credits: 50, expiresAt: later(20 * 86_400_000).toISOString(), source: { kind: 'adjustment', reason: 'Omaggio' } },
      { type: 'SpendCredits', spendId: randomUUID(), credits: 2, usage, now },
      { type: 'HoldCredits', holdId: randomUUID(), credits: 2, usage, now },
      { type: 'ChargeHold', holdId: hold },
      { type: 'ReleaseHold', holdId: hold, reason: 'Il modello non ha risposto' },
      { type: 'RemoveCredits', adjustmentId: randomUUID(), credits: 5, reason: 'Correzione', now },
      { type: 'WithdrawLot', lotId: lot, reason: 'Acquisto rimborsato' },
      { type: 'SendCredits', transferId: randomUUID(), credits: 4, toUserId: worldIds.collaborator, assignmentId: null, reason: 'Lavoro', now },
      { type: 'TakeBackTransfer', transferId: sent, credits: 6, lots: [{ lotId: lot, credits: 6 }], reason: 'Lavoro finito' },
      { type: 'ExpireCredits', now: later(2 * year) },
      { type: 'NoticeExpiry', now: later(year - 86_400_000) },
    ],
  ),
  scenario<CreditsCommand>(
    'AI credits received for work',
    creditsStreamId(worldIds.collaborator),
    creditsDecider,
    [
      {
        type: 'ReceiveCredits',
        transferId: received,
        fromUserId: worldIds.shopkeeper,
        assignmentId: randomUUID(),
        reason: 'Lavoro sul catalogo',
        lots: [{ lotId: lot, credits: 10, expiresAt: later(year).toISOString() }],
      },
    ],
    [
      {
        type: 'ReceiveCredits',
        transferId: randomUUID(),
        fromUserId: worldIds.shopkeeper,
        assignmentId: null,
        reason: 'Lavoro',
        lots: [{ lotId: randomUUID(), credits: 5, expiresAt: later(year).toISOString() }],
      },
      { type: 'SpendCredits', spendId: randomUUID(), credits: 2, usage, now },
      { type: 'GiveBackTransfer', transferId: received, reason: 'Lavoro finito' },
    ],
  ),
];
