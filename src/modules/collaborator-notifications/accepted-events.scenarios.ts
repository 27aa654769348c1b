import { randomUUID } from 'node:crypto';
import { made, scenario, worldIds } from '../../platform/testing/accepted-events.js';
import { collaboratorNotificationsDecider, collaboratorNotificationsStreamId, type CollaboratorNotificationsCommand } from './decider.js';

export const scenarios = [
  scenario<CollaboratorNotificationsCommand>(
    'collaborators’ notices',
    collaboratorNotificationsStreamId(worldIds.collaborator),
    made(collaboratorNotificationsDecider, worldIds.collaborator),
    [],
    [
      { type: 'ReadCollaboratorNotification', notificationId: randomUUID() },
      { type: 'ReadAllCollaboratorNotifications', notificationIds: [randomUUID(), randomUUID()] },
    ],
  ),
];
