import { randomUUID } from 'node:crypto';
import { later, scenario, scenarioNow as now, worldIds, worldStore } from '../../platform/testing/accepted-events.js';
import { assignmentDecider, assignmentStreamId, type AssignmentCommand, type AssignmentFields } from './assignment.js';

const day = 86_400_000;
const fields = (assignmentId: string, origin: AssignmentFields['origin']): AssignmentFields => ({
  assignmentId,
  origin,
  storeId: worldIds.store,
  storeName: worldStore.name,
  shopkeeperId: worldIds.shopkeeper,
  collaboratorId: worldIds.collaborator,
  collaboratorName: 'Marco Neri',
  requestId: origin === 'unlock' ? randomUUID() : null,
  unlockId: origin === 'unlock' ? randomUUID() : null,
  packageId: null,
  description: 'Sistemare il catalogo',
  priority: 'medium',
  paymentAmountCents: 4900,
  compensationCents: 3900,
  siteCommissionCents: 1000,
  creditsEarned: 10,
  permissions: ['products', 'ai'],
  dueDate: later(7 * day).toISOString(),
});
const direct = randomUUID();
const unlocked = randomUUID();
const paidOut = randomUUID();

export const scenarios = [
  scenario<AssignmentCommand>(
    'assignments',
    assignmentStreamId(randomUUID()),
    assignmentDecider,
    [],
    [
      { type: 'CreateAssignment', fields: fields(randomUUID(), 'direct'), now },
      { type: 'CreateAssignment', fields: { ...fields(randomUUID(), 'unlock'), dueDate: null }, now },
    ],
  ),
  scenario<AssignmentCommand>(
    'assignments answered',
    assignmentStreamId(direct),
    assignmentDecider,
    [{ type: 'CreateAssignment', fields: fields(direct, 'direct'), now }],
    [
      { type: 'AcceptAssignment', collaboratorId: worldIds.collaborator, now },
      { type: 'RejectAssignment', collaboratorId: worldIds.collaborator, reason: 'Non ho tempo', now },
      { type: 'CancelAssignment', by: 'shopkeeper', reason: 'Non serve più', now },
    ],
  ),
  scenario<AssignmentCommand>(
    'assignments at work',
    assignmentStreamId(unlocked),
    assignmentDecider,
    [{ type: 'CreateAssignment', fields: fields(unlocked, 'unlock'), now }],
    [
      { type: 'StartAssignment', now },
      { type: 'ReportProblem', byUserId: worldIds.shopkeeper, description: 'Prezzi sbagliati', now },
      { type: 'CompleteAssignment', now: later(day) },
      { type: 'MarkPaid', byUserId: worldIds.admin, now: later(2 * day) },
      { type: 'CancelAssignment', by: 'admin', reason: 'Controversia', now },
    ],
  ),
  scenario<AssignmentCommand>(
    'assignments paid by transfer',
    assignmentStreamId(paidOut),
    assignmentDecider,
    [
      { type: 'CreateAssignment', fields: fields(paidOut, 'unlock'), now },
      { type: 'CompleteAssignment', now: later(day) },
    ],
    [
      {
        type: 'RecordPayoutRefusal',
        attempt: 0,
        provider: 'stripe',
        reason: 'Il saldo della piattaforma su Stripe non basta per questo trasferimento: riprova quando arrivano i prossimi incassi.',
        now: later(2 * day),
      },
      { type: 'MarkPaid', byUserId: worldIds.admin, now: later(2 * day), transfer: { provider: 'stripe', accountId: 'acct_1Collaboratore', transferId: 'tr_test_1' } },
    ],
  ),
];
