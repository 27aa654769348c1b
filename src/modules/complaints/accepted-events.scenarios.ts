import { randomUUID } from 'node:crypto';
import { later, scenario, scenarioNow as now, worldIds, worldStore } from '../../platform/testing/accepted-events.js';
import { caseDecider, caseStreamId, type CaseCommand, type CaseFields } from './case.js';
import { complaintFields, type CaseSetting } from './case-fixtures.js';

const hour = 3_600_000;
const day = 24 * hour;
const world: CaseSetting = {
  storeId: worldIds.store,
  storeName: worldStore.name,
  shopkeeper: { userId: worldIds.shopkeeper, type: 'shopkeeper', name: 'Anna Neri' },
  collaborator: { userId: worldIds.collaborator, type: 'collaborator', name: 'Marco Neri' },
};
const complaint = (caseId: string): CaseFields => complaintFields(caseId, world);
const dispute = (caseId: string): CaseFields =>
  complaintFields(caseId, world, {
    kind: 'dispute',
    sessionId: null,
    assignmentId: null,
    orderId: randomUUID(),
    complaintType: 'payment_dispute',
    urgency: 'normal',
    complainant: { userId: worldIds.customer, type: 'customer', name: 'Mario Bianchi' },
    respondent: world.shopkeeper,
  });
const taken = randomUUID();
const resolved = randomUUID();
const otherAdmin = randomUUID();
const file = { fileId: randomUUID(), name: 'vetrina.png', contentType: 'image/png', sizeBytes: 2048, sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' };

/** The admin finds the complaint founded and refunds part of its payment. */
const refunded: CaseCommand = {
  type: 'ResolveCase',
  adminId: worldIds.admin,
  adminResponse: 'Fondato',
  resolutionAction: 'Rimborso',
  compensation: { method: 'refund', amountCents: 900, credits: 0 },
  now,
};

export const scenarios = [
  scenario<CaseCommand>(
    'complaints and disputes',
    caseStreamId(randomUUID()),
    caseDecider,
    [],
    [
      { type: 'FileCase', fields: complaint(randomUUID()), now },
      { type: 'FileCase', fields: dispute(randomUUID()), now },
    ],
  ),
  scenario<CaseCommand>(
    'cases under review',
    caseStreamId(taken),
    caseDecider,
    [
      { type: 'FileCase', fields: complaint(taken), now },
      { type: 'TakeCase', adminId: worldIds.admin, now },
    ],
    [
      { type: 'AddEvidence', by: { userId: worldIds.shopkeeper, role: 'shopkeeper' }, file, now },
      { type: 'PostMessage', by: { userId: worldIds.admin, role: 'admin' }, text: 'Verificare il listino', internal: true, now },
      { type: 'AskRespondent', adminId: worldIds.admin, question: 'Perché i prezzi sono sbagliati?', now },
      { type: 'Respond', userId: worldIds.collaborator, text: 'Listino del fornitore errato', now },
      { type: 'NoteRespondentLate', now: later(4 * day) },
      refunded,
      {
        type: 'ResolveCase',
        adminId: worldIds.admin,
        adminResponse: 'Fondato',
        resolutionAction: 'Crediti',
        compensation: { method: 'credits', amountCents: 0, credits: 20 },
        now,
      },
      { type: 'RejectCase', adminId: worldIds.admin, reason: 'Non fondato', now },
    ],
  ),
  scenario<CaseCommand>(
    'cases decided',
    caseStreamId(resolved),
    caseDecider,
    [{ type: 'FileCase', fields: complaint(resolved), now }, { type: 'TakeCase', adminId: worldIds.admin, now }, refunded],
    [
      { type: 'ApproveCompensation', adminId: worldIds.admin, now },
      { type: 'RecordCompensationPaid', reference: 'refund:re_123', now },
      { type: 'Appeal', userId: worldIds.shopkeeper, reason: 'Il rimborso è troppo basso', now: later(day) },
      { type: 'TakeCase', adminId: otherAdmin, now: later(day) },
      { type: 'ResolveCase', adminId: otherAdmin, adminResponse: 'Confermato', resolutionAction: 'Nulla', compensation: null, now: later(day) },
    ],
  ),
];
