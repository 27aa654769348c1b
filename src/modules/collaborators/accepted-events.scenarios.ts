import { randomUUID } from 'node:crypto';
import { scenario, worldIds, worldStore } from '../../platform/testing/accepted-events.js';
import { collaboratorDecider, collaboratorStreamId, type CollaboratorCommand, type CollaboratorProfile } from './collaborator.js';

const profile: CollaboratorProfile = {
  address: 'Via Dante 3, Milano',
  latitude: worldStore.latitude + 0.01,
  longitude: worldStore.longitude,
  radiusKm: 10,
  services: ['delivery', 'product_management'],
  isAvailable: true,
  availability: 'Pomeriggi',
  bio: 'Consegne in bici',
};
const pending = randomUUID();

export const scenarios = [
  // The world's collaborator: approved, covering the shop.
  scenario<CollaboratorCommand>(
    'collaborator profile',
    collaboratorStreamId(worldIds.collaborator),
    collaboratorDecider,
    [
      { type: 'RegisterCollaborator', userId: worldIds.collaborator, profile },
      { type: 'Approve', canActivateSessions: true },
    ],
    [
      {
        type: 'ChangeProfile',
        changes: { address: 'Corso Buenos Aires 1, Milano', latitude: 45.48, longitude: 9.21, radiusKm: 20, availability: 'Sempre', bio: 'Anche catalogo' },
      },
      { type: 'SetAvailability', isAvailable: false },
      { type: 'SetStatus', status: 'inactive' },
      { type: 'Suspend', reason: 'Segnalazioni' },
      { type: 'Reactivate' },
    ],
    { world: true },
  ),
  scenario<CollaboratorCommand>(
    'collaborators to approve',
    collaboratorStreamId(pending),
    collaboratorDecider,
    [{ type: 'RegisterCollaborator', userId: pending, profile }],
    [
      { type: 'Approve', canActivateSessions: false },
      { type: 'Reject', reason: 'Documenti mancanti' },
      { type: 'ChangeProfile', changes: { bio: 'Esperienza in negozio', services: ['shop_assistance'] } },
    ],
  ),
];
