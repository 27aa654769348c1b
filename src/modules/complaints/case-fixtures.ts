import { randomUUID } from 'node:crypto';
import { fold } from '../../platform/domain/decider.js';
import { caseDecider, type CaseCommand, type CaseEvent, type CaseFields, type Party } from './case.js';

/** Where a test's case happens: the shop, its shopkeeper and the collaborator who worked there. */
export interface CaseSetting {
  storeId: string;
  storeName: string;
  shopkeeper: Party;
  collaborator: Party;
}

/**
 * The case the decider's tests and the accepted-events scenarios file: a shopkeeper's complaint
 * on a collaboration session (wrong prices, high severity and urgency) whose unlock was paid online
 * (49 €); `changes` make another case of it (a dispute, another party).
 */
export function complaintFields(caseId: string, setting: CaseSetting, changes: Partial<CaseFields> = {}): CaseFields {
  return {
    caseId,
    kind: 'complaint',
    sessionId: randomUUID(),
    assignmentId: randomUUID(),
    orderId: null,
    storeId: setting.storeId,
    storeName: setting.storeName,
    complainant: setting.shopkeeper,
    respondent: setting.collaborator,
    complaintType: 'quality_issue',
    title: 'Prezzi sbagliati',
    description: 'Metà dei prezzi inseriti sono errati',
    severity: 'high',
    urgency: 'high',
    witnessContacts: [{ name: 'Anna Verdi', contact: '333 1234567' }],
    paymentId: randomUUID(),
    paymentAmountCents: 4900,
    ...changes,
  };
}

/** A shop and its two parties with ids of their own, so that a test's case stands beside others' in one database. */
export const aNewSetting = (): CaseSetting => ({
  storeId: randomUUID(),
  storeName: 'Bottega',
  shopkeeper: { userId: randomUUID(), type: 'shopkeeper', name: 'Mario' },
  collaborator: { userId: randomUUID(), type: 'collaborator', name: 'Luca' },
});

/** The events the decider gives for these commands, one after the other, from no case. */
export function eventsOf(commands: readonly CaseCommand[]): CaseEvent[] {
  const events: CaseEvent[] = [];
  for (const command of commands) events.push(...caseDecider.decide(command, fold(caseDecider, events)));
  return events;
}
