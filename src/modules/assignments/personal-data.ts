import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const assignmentsPersonalData: PersonalDataDeclaration = {
  AssignmentCreated: [
    { subject: 'collaboratorId', fields: ['collaboratorName'] },
    { subject: 'shopkeeperId', fields: ['description'] },
  ],
  AssignmentRejected: { subject: { actor: true }, fields: ['reason'] },
  AssignmentCancelled: { subject: { actor: true }, fields: ['reason'] },
  AssignmentProblemReported: { subject: 'byUserId', fields: ['description'] },
  AssignmentPayoutRefused: { notPersonal: "the payment provider's answer" },
};
