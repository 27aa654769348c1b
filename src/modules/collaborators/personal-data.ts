import type { PersonalDataDeclaration } from '../../platform/eventstore/personal-data.js';

/**
 * The personal data in this module's events, by event type: whose it is and which fields (sealed in
 * the log with that person's key, issue [21]), and why the fields whose names look personal are not.
 */
export const collaboratorsPersonalData: PersonalDataDeclaration = {
  CollaboratorRegistered: { subject: 'userId', fields: ['profile.address', 'profile.latitude', 'profile.longitude', 'profile.bio'] },
  CollaboratorProfileChanged: { subject: { stream: 'collaborator-' }, fields: ['changes.address', 'changes.latitude', 'changes.longitude', 'changes.bio'] },
  CollaboratorRejected: { subject: { stream: 'collaborator-' }, fields: ['reason'] },
  CollaboratorSuspended: { subject: { stream: 'collaborator-' }, fields: ['reason'] },
};
