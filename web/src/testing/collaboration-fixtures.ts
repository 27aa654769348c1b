import type { Assignment } from '../features/assignments/api';
import type { Session } from '../features/collaboration-sessions/api';
import type { User } from '../lib/types';

/* Records as the collaboration contracts answer them, for the web's component tests. */

export const aCollaborator: User = { id: '00000000-0000-4000-8000-000000000003', username: 'anna', name: 'Anna Bianchi', email: 'anna@esempio.it', role: 'collaborator' };
export const aShopkeeper: User = { id: '00000000-0000-4000-8000-000000000002', username: 'marco', name: 'Marco Santi', email: 'marco@esempio.it', role: 'shopkeeper' };

const at = '2026-11-24T09:00:00.000Z';
const ids = { store: '00000000-0000-4000-8000-000000000001', shopkeeper: '00000000-0000-4000-8000-000000000002', collaborator: '00000000-0000-4000-8000-000000000003' };

export const aSession = (changes: Partial<Session> = {}): Session => ({
  id: '00000000-0000-4000-8000-0000000000a1', assignmentId: '00000000-0000-4000-8000-0000000000b1', accessId: null,
  storeId: ids.store, storeName: 'Forno Santi', storeAddress: 'Via della Lungaretta 12, Roma', storeLatitude: 41.889, storeLongitude: 12.47,
  shopkeeperId: ids.shopkeeper, collaboratorId: ids.collaborator, collaboratorName: 'Anna Bianchi',
  status: 'ready', securityLevel: 'standard', permissions: ['products', 'orders'],
  scheduledStartAt: '2026-11-24T09:00:00.000Z', scheduledEndAt: '2026-11-24T11:00:00.000Z', readyAt: '2026-11-24T08:30:00.000Z',
  activationDeadline: '2026-11-24T10:00:00.000Z', closeDeadline: '2026-11-24T11:30:00.000Z', startedAt: null, actualEndAt: null,
  awaitingConfirmation: false, locationVerified: false, ipAddress: null, userAgent: null, manuallyRevoked: false, revokedBy: null, revokedAt: null,
  revokeReason: null, cancelReason: null, expiredReason: null, aiCreditsAllocated: 20, aiCreditsUsed: 5,
  activationCode: 'ABCD2345', closureCode: null, activationCodeBurnt: false, closureCodeBurnt: false, actionsCount: 0, createdAt: at, updatedAt: at,
  ...changes,
});

export const anAssignment = (changes: Partial<Assignment> = {}): Assignment => ({
  id: '00000000-0000-4000-8000-0000000000b1', origin: 'direct', storeId: ids.store, storeName: 'Forno Santi', shopkeeperId: ids.shopkeeper, shopkeeperName: 'Marco Santi',
  collaboratorId: ids.collaborator, collaboratorName: 'Anna Bianchi', requestId: null, unlockId: null, packageId: null, packageName: null,
  description: 'Aggiornare i prezzi del reparto panetteria.', priority: 'medium', status: 'pending', paymentAmount: 60, compensation: 48, siteCommission: 12,
  paymentStatus: 'pending', creditsEarned: 0, permissions: ['products'], dueDate: null, assignedAt: at, acceptedAt: null, startedAt: null, completedAt: null,
  closedAt: null, rejectionReason: null, cancelReason: null, hasProblems: false, problemDescription: null, paidAt: null, shopkeeperRating: null, shopkeeperReview: null, collaboratorRating: null, collaboratorReview: null,
  sessions: { total: 0, open: 0, active: 0, completed: 0 }, updatedAt: at,
  ...changes,
});
