import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const collaborationSessionsPersonalData: PersonalDataDeclaration = {
  SessionScheduled: [
    { subject: 'collaboratorId', fields: ['collaboratorName'] },
    { notPersonal: "the shop's public address", fields: ['storeAddress', 'storeLatitude', 'storeLongitude'] },
  ],
  // The collaborator's name again, under the session's own key (erased with the collaborator).
  SessionCodeBurnt: { subject: { stream: 'collaboration-session-' }, fields: ['collaboratorName'] },
  // Where the collaborator opened it from, under a key of its own (the session's stream): erased with them, or a year after the session ended (privacy/retention.ts).
  SessionActivationRequested: { subject: { stream: '' }, fields: ['ipAddress', 'userAgent'] },
  SessionActivated: { subject: { stream: '' }, fields: ['ipAddress', 'userAgent'] },
  SessionRevoked: { subject: 'byUserId', fields: ['reason'] },
  SessionCancelled: { subject: 'byUserId', fields: ['reason'] },
  StoreAccessGranted: [
    { subject: 'collaboratorId', fields: ['collaboratorName'] },
    { subject: 'shopkeeperId', fields: ['description'] },
  ],
  StoreAccessCodeReissued: { subject: { stream: 'store-access-' }, fields: ['collaboratorName'] },
  StoreAccessEnded: { subject: 'byUserId', fields: ['reason'] },
};
