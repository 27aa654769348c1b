import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkRange } from '../../platform/domain/limits.js';
import { collaboratorServices, italyBounds, MAX_ADDRESS, MAX_AVAILABILITY_TEXT, MAX_BIO, MAX_REASON, RADIUS_KM, type CollaboratorService } from './services.js';

export { collaboratorServices, italyBounds, MAX_ADDRESS, MAX_AVAILABILITY_TEXT, MAX_BIO, MAX_REASON, RADIUS_KM, serviceIds, type CollaboratorService } from './services.js';

export const collaboratorStreamId = (userId: string): string => `collaborator-${userId}`;

export const approvalStatuses = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];
export const collaboratorStatuses = ['active', 'inactive'] as const;
export type CollaboratorStatus = (typeof collaboratorStatuses)[number];

/** What the collaborator writes: the coverage circle, services, availability and bio. */
export interface CollaboratorProfile {
  address: string;
  latitude: number;
  longitude: number;
  radiusKm: number;
  services: CollaboratorService[];
  isAvailable: boolean;
  /** A short text of the weekly availability ("lun–ven pomeriggio"). */
  availability: string;
  bio: string;
}

/** The profile's fields as its form names them (the admin's activity tells a change by them); the position is one, the address. */
export const profileFieldNames: Record<keyof CollaboratorProfile, string> = {
  address: 'indirizzo',
  latitude: 'posizione',
  longitude: 'posizione',
  radiusKm: 'raggio',
  services: 'servizi',
  isAvailable: 'disponibile',
  availability: 'disponibilità',
  bio: 'presentazione',
};

export const collaboratorNotRegistered = 'Profilo da collaboratore non registrato.';

export type CollaboratorCommand =
  | { type: 'RegisterCollaborator'; userId: string; profile: CollaboratorProfile }
  /** PATCH: only the fields given change. */
  | { type: 'ChangeProfile'; changes: Partial<CollaboratorProfile> }
  | { type: 'SetAvailability'; isAvailable: boolean }
  | { type: 'SetStatus'; status: CollaboratorStatus }
  | { type: 'Approve'; canActivateSessions: boolean }
  | { type: 'Reject'; reason: string }
  | { type: 'Suspend'; reason: string }
  | { type: 'Reactivate' };

export type CollaboratorEvent =
  | DomainEvent<'CollaboratorRegistered', { userId: string; profile: CollaboratorProfile }>
  | DomainEvent<'CollaboratorProfileChanged', { changes: Partial<CollaboratorProfile> }>
  /** A rejected collaborator changed the profile: it is asked for approval again. */
  | DomainEvent<'CollaboratorResubmitted', Record<string, never>>
  | DomainEvent<'CollaboratorStatusChanged', { status: CollaboratorStatus }>
  | DomainEvent<'CollaboratorApproved', { canActivateSessions: boolean }>
  | DomainEvent<'CollaboratorRejected', { reason: string }>
  | DomainEvent<'CollaboratorSuspended', { reason: string }>
  | DomainEvent<'CollaboratorReactivated', Record<string, never>>;

export interface CollaboratorState {
  registered: boolean;
  profile: CollaboratorProfile | null;
  status: CollaboratorStatus;
  approvalStatus: ApprovalStatus;
  canActivateSessions: boolean;
}

function refuse(field: string, message: string): never {
  throw new DomainError(message, 'rule', { [field]: message });
}

/** The same bounds as the HTTP schema (contract.ts): every event is one the read model can hold. */
function checkProfile(p: CollaboratorProfile): void {
  const address = p.address.trim();
  if (!address || address.length > MAX_ADDRESS) refuse('address', `Indirizzo: obbligatorio, al massimo ${MAX_ADDRESS} caratteri.`);
  checkRange('latitude', 'Latitudine', p.latitude, { min: italyBounds.minLatitude, max: italyBounds.maxLatitude });
  checkRange('longitude', 'Longitudine', p.longitude, { min: italyBounds.minLongitude, max: italyBounds.maxLongitude });
  checkRange('radiusKm', 'Raggio (km)', p.radiusKm, RADIUS_KM);
  if (!p.services.length) refuse('services', 'Servizi: scegline almeno uno.');
  if (p.services.some((s) => !(s in collaboratorServices))) refuse('services', 'Servizi: uno dei servizi non esiste.');
  if (new Set(p.services).size !== p.services.length) refuse('services', 'Servizi: ognuno una volta sola.');
  if (p.availability.length > MAX_AVAILABILITY_TEXT) refuse('availability', `Disponibilità: al massimo ${MAX_AVAILABILITY_TEXT} caratteri.`);
  if (p.bio.length > MAX_BIO) refuse('bio', `Presentazione: al massimo ${MAX_BIO} caratteri.`);
}

const checkReason = (reason: string): void => {
  if (!reason.trim() || reason.length > MAX_REASON) refuse('reason', `Motivo: obbligatorio, al massimo ${MAX_REASON} caratteri.`);
};

const approvalLabel: Record<ApprovalStatus, string> = {
  pending: 'in attesa di approvazione',
  approved: 'approvato',
  rejected: 'rifiutato',
  suspended: 'sospeso',
};
const conflict = (state: CollaboratorState, what: string): never => {
  throw new DomainError(`Il profilo è ${approvalLabel[state.approvalStatus]}: non si può ${what}.`, 'conflict');
};

/**
 * One collaborator's profile and its approval (spec §4): pending → approved | rejected;
 * approved ↔ suspended. A rejected collaborator who changes the profile asks again: back to
 * pending. A suspended one keeps editing but only the admin reactivates. Repeating the state it is
 * in (approve an approved one with the same flag, set the same availability) is no event.
 */
export const collaboratorDecider: Decider<CollaboratorCommand, CollaboratorEvent, CollaboratorState> = {
  initialState: { registered: false, profile: null, status: 'active', approvalStatus: 'pending', canActivateSessions: false },

  decide(command, state) {
    if (command.type === 'RegisterCollaborator') {
      if (state.registered) throw new DomainError('Il profilo da collaboratore è già registrato: modificalo invece di crearne un altro.', 'conflict');
      checkProfile(command.profile);
      return [{ type: 'CollaboratorRegistered', data: { userId: command.userId, profile: command.profile } }];
    }
    if (!state.registered || !state.profile) throw new DomainError(collaboratorNotRegistered, 'not-found');
    const current = state.profile;
    switch (command.type) {
      case 'ChangeProfile': {
        checkProfile({ ...current, ...command.changes });
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(([key, value]) => value !== undefined && JSON.stringify(current[key as keyof CollaboratorProfile]) !== JSON.stringify(value)),
        ) as Partial<CollaboratorProfile>;
        if (!Object.keys(changes).length) return [];
        const changed: CollaboratorEvent = { type: 'CollaboratorProfileChanged', data: { changes } };
        return state.approvalStatus === 'rejected' ? [changed, { type: 'CollaboratorResubmitted', data: {} }] : [changed];
      }
      case 'SetAvailability':
        return current.isAvailable === command.isAvailable ? [] : [{ type: 'CollaboratorProfileChanged', data: { changes: { isAvailable: command.isAvailable } } }];
      case 'SetStatus':
        return state.status === command.status ? [] : [{ type: 'CollaboratorStatusChanged', data: { status: command.status } }];
      case 'Approve':
        if (state.approvalStatus === 'approved') {
          return state.canActivateSessions === command.canActivateSessions ? [] : [{ type: 'CollaboratorApproved', data: { canActivateSessions: command.canActivateSessions } }];
        }
        if (state.approvalStatus !== 'pending') return conflict(state, 'approvare');
        return [{ type: 'CollaboratorApproved', data: { canActivateSessions: command.canActivateSessions } }];
      case 'Reject':
        if (state.approvalStatus !== 'pending') return conflict(state, 'rifiutare');
        checkReason(command.reason);
        return [{ type: 'CollaboratorRejected', data: { reason: command.reason.trim() } }];
      case 'Suspend':
        if (state.approvalStatus !== 'approved') return conflict(state, 'sospendere');
        checkReason(command.reason);
        return [{ type: 'CollaboratorSuspended', data: { reason: command.reason.trim() } }];
      case 'Reactivate':
        if (state.approvalStatus !== 'suspended') return conflict(state, 'riattivare');
        return [{ type: 'CollaboratorReactivated', data: {} }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CollaboratorRegistered':
        return { ...state, registered: true, profile: event.data.profile };
      case 'CollaboratorProfileChanged':
        return { ...state, profile: state.profile && { ...state.profile, ...event.data.changes } };
      case 'CollaboratorResubmitted':
        return { ...state, approvalStatus: 'pending' };
      case 'CollaboratorStatusChanged':
        return { ...state, status: event.data.status };
      case 'CollaboratorApproved':
        return { ...state, approvalStatus: 'approved', canActivateSessions: event.data.canActivateSessions };
      case 'CollaboratorRejected':
        return { ...state, approvalStatus: 'rejected' };
      case 'CollaboratorSuspended':
        return { ...state, approvalStatus: 'suspended' };
      case 'CollaboratorReactivated':
        return { ...state, approvalStatus: 'approved' };
      default:
        return state;
    }
  },
};
