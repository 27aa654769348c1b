import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const usersPersonalData: PersonalDataDeclaration = {
  UserRegistered: { subject: 'userId', fields: [{ path: 'username', erased: 'unique' }, 'name', { path: 'email', erased: 'email' }] },
  UserProfileChanged: { subject: { stream: 'user-' }, fields: ['name', { path: 'email', erased: 'email' }] },
  // An admin's reason for suspending someone speaks of them.
  UserSuspended: { subject: { stream: 'user-' }, fields: ['reason'] },
};
