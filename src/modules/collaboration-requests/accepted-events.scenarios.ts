import { randomUUID } from 'node:crypto';
import { later, scenario, scenarioNow as now, worldIds, worldStore } from '../../platform/testing/accepted-events.js';
import { requestDecider, requestStreamId, type RequestCommand, type RequestFields } from './request.js';

const hour = 3_600_000;
const fields = (requestId: string, requestType: RequestFields['requestType'], collaboratorId: string | null = null): RequestFields => ({
  requestId,
  shopkeeperId: worldIds.shopkeeper,
  storeId: worldIds.store,
  storeName: worldStore.name,
  requestType,
  collaboratorId,
  message: 'Sistemare il catalogo',
  estimatedDuration: 120,
  urgencyLevel: 'normal',
  maxBudgetCents: 5000,
  requiredServices: ['product_management'],
  responseDeadline: later(48 * hour).toISOString(),
  unlockId: randomUUID(),
  packageId: randomUUID(),
});
const direct = randomUUID();
const matched = randomUUID();
const other = randomUUID();

export const scenarios = [
  scenario<RequestCommand>(
    'collaboration requests',
    requestStreamId(randomUUID()),
    requestDecider,
    [],
    [
      { type: 'CreateRequest', fields: fields(randomUUID(), 'waiting'), now },
      {
        type: 'CreateRequest',
        fields: fields(randomUUID(), 'auto_match'),
        now,
        firstOffer: { collaboratorId: worldIds.collaborator, offeredUntil: later(2 * hour).toISOString() },
      },
    ],
  ),
  scenario<RequestCommand>(
    'direct requests',
    requestStreamId(direct),
    requestDecider,
    [{ type: 'CreateRequest', fields: fields(direct, 'direct', worldIds.collaborator), now }],
    [
      { type: 'AcceptRequest', collaboratorId: worldIds.collaborator, collaboratorName: 'Marco Neri', now, purchaseDeadline: later(72 * hour).toISOString() },
      { type: 'DeclineRequest', collaboratorId: worldIds.collaborator, reason: 'Non sono disponibile', now },
      { type: 'CancelRequest', shopkeeperId: worldIds.shopkeeper, reason: 'Non serve più', now },
      { type: 'CompleteRequest', now: later(hour) },
      { type: 'ExpireUnpurchased', now: later(80 * hour) },
      { type: 'ExpireRequest', now: later(49 * hour) },
    ],
  ),
  scenario<RequestCommand>(
    'requests passed along',
    requestStreamId(matched),
    requestDecider,
    [{ type: 'CreateRequest', fields: fields(matched, 'auto_match'), now, firstOffer: { collaboratorId: worldIds.collaborator, offeredUntil: later(2 * hour).toISOString() } }],
    [
      {
        type: 'DeclineRequest',
        collaboratorId: worldIds.collaborator,
        reason: 'Troppo lontano',
        now,
        next: { collaboratorId: other, offeredUntil: later(4 * hour).toISOString() },
      },
      { type: 'PassOffer', now: later(3 * hour), next: { collaboratorId: other, offeredUntil: later(5 * hour).toISOString() } },
      { type: 'PassOffer', now, next: null, skip: true },
      { type: 'AcceptRequest', collaboratorId: worldIds.collaborator, collaboratorName: 'Marco Neri', now, purchaseDeadline: later(72 * hour).toISOString() },
    ],
  ),
];
