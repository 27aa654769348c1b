import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const contactPersonalData: PersonalDataDeclaration = {
  // Whoever writes to Vicino may have no account: their message is its own person, erased on request.
  ContactSubmitted: { subject: { stream: '' }, fields: ['name', { path: 'email', erased: 'email' }, 'phone', 'company', 'subject', 'message'] },
  ContactNoted: { subject: { stream: '' }, fields: ['adminNotes'] },
  ContactReplied: { subject: { stream: '' }, fields: ['message'] },
};
