/*
 * The events of the collaboration requests and the package unlocks this module reacts to, as their
 * own modules declare them (collaboration-requests/request.ts, package-unlocks/unlock.ts): a change
 * there is a type error here, not a notice silently lost.
 */

export {
  requestStreamId as collaborationRequestStreamId,
  type RequestEvent as CollaborationRequestEvent,
  type RequestFields as CollaborationRequestCreatedData,
} from '../collaboration-requests/request.js';
export { unlockStreamId as packageUnlockStreamId, type UnlockEvent as PackageUnlockEvent } from '../package-unlocks/unlock.js';

export const requestOf = (streamId: string): string => streamId.slice('collaboration-request-'.length);
export const unlockOf = (streamId: string): string => streamId.slice('package-unlock-'.length);
