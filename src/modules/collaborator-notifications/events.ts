import type { DomainEvent } from '../../platform/domain/decider.js';

/*
 * The events of the collaboration requests and the package unlocks this module reacts to, as the
 * fixed contract of issue [12] names them (/work/notes/requests-contract.md): the modules
 * collaboration-requests and package-unlocks append them. Types only.
 */

export type UrgencyLevel = 'low' | 'normal' | 'high' | 'urgent';
export type RequestType = 'direct' | 'waiting' | 'auto_match';

export interface CollaborationRequestCreatedData {
  requestId: string;
  shopkeeperId: string;
  storeId: string;
  storeName: string;
  requestType: RequestType;
  /** direct: the one asked. */
  collaboratorId: string | null;
  message: string;
  /** Minutes. */
  estimatedDuration: number;
  urgencyLevel: UrgencyLevel;
  maxBudgetCents: number;
  requiredServices: string[];
  responseDeadline: string;
  unlockId: string;
  packageId: string;
}

export type CollaborationRequestEvent =
  | DomainEvent<'CollaborationRequestCreated', CollaborationRequestCreatedData>
  | DomainEvent<'CollaborationRequestOffered', { collaboratorId: string; offeredUntil: string }>
  | DomainEvent<'CollaborationRequestOfferLapsed', { collaboratorId: string }>
  | DomainEvent<'CollaborationRequestDeclined', { collaboratorId: string; reason: string }>
  | DomainEvent<'CollaborationRequestAccepted', { collaboratorId: string; collaboratorName: string; acceptedAt: string; unlockId: string; purchaseDeadline: string }>
  | DomainEvent<'CollaborationRequestExpired', { reason: 'deadline' | 'no_match' | 'not_purchased'; collaboratorId: string | null }>
  | DomainEvent<'CollaborationRequestCancelled', { reason: string }>;

export type PackageUnlockEvent =
  | DomainEvent<'PackageUnlockCreated', { unlockId: string; requestId: string; shopkeeperId: string; storeId: string; packageId: string }>
  | DomainEvent<'PackageUnlockPurchased', { paymentId: string | null; amountCents: number; collaboratorId: string }>;

export const collaborationRequestStreamId = (requestId: string): string => `collaboration-request-${requestId}`;
export const packageUnlockStreamId = (unlockId: string): string => `package-unlock-${unlockId}`;
export const requestOf = (streamId: string): string => streamId.slice('collaboration-request-'.length);
export const unlockOf = (streamId: string): string => streamId.slice('package-unlock-'.length);
