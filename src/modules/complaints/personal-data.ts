import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const complaintsPersonalData: PersonalDataDeclaration = {
  CaseFiled: [
    { subject: 'complainant.userId', fields: ['complainant.name', 'title', 'description', 'witnessContacts'] },
    { subject: 'respondent.userId', fields: ['respondent.name'] },
  ],
  CaseEvidenceAdded: { subject: 'byUserId', fields: ['name'] },
  CaseMessagePosted: { subject: 'byUserId', fields: ['text'] },
  CaseRespondentAsked: { subject: 'respondentId', fields: ['question'] },
  CaseRespondentAnswered: { subject: 'respondentId', fields: ['text'] },
  // The admin's decisions answer the complainant.
  CaseResolved: { subject: 'complainantId', fields: ['adminResponse'] },
  CaseRejected: { subject: 'complainantId', fields: ['reason'] },
  CaseAppealed: { subject: 'complainantId', fields: ['reason'] },
};
