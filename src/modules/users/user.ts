import type { Role } from '../../platform/domain/context.js';
import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkTime } from '../../platform/domain/limits.js';

/** `erased`: the person asked for their data to be erased (issue [21]); the account is gone for good. */
export type UserStatus = 'active' | 'inactive' | 'suspended' | 'erased';

/** Who exported a person's data: the person, or an admin on their request (labels: dataExportedByLabels). */
export type DataExportedBy = 'self' | 'admin';
/** The export's file: JSON (data portability) or the readable summary (HTML). */
export type DataExportFormat = 'json' | 'html';

export const userStreamId = (userId: string): string => `user-${userId}`;

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      username: string;
      name: string;
      email: string;
      role: Role;
      passwordHash: string;
    }
  | { type: 'SuspendUser'; reason: string }
  | { type: 'ReactivateUser' }
  | { type: 'DeactivateUser' }
  | { type: 'ChangeUserRole'; role: Role }
  | { type: 'RevokeUserSessions' }
  /** The e-mail must already be claimed for this user (src/modules/users/commands.ts). */
  | { type: 'ChangeUserProfile'; name?: string; email?: string }
  | { type: 'ChangeUserPassword'; passwordHash: string }
  /** The person's data is erased (the privacy module's erasure): the account ends for good. */
  | { type: 'EraseUser' }
  /** The person's data was exported (GDPR artt. 15 and 20): by them, or by an admin on their request. */
  | { type: 'RecordDataExport'; by: DataExportedBy; format: DataExportFormat }
  /** An admin turns a customer's price comparison on (until `expiresAt`, when given) or off (spec §3 users). */
  | { type: 'SetPriceComparison'; enabled: boolean; expiresAt: string | null };

export type UserEvent =
  | DomainEvent<'UserRegistered', { userId: string; username: string; name: string; email: string; role: Role; passwordHash: string }>
  | DomainEvent<'UserSuspended', { reason: string }>
  | DomainEvent<'UserReactivated', Record<string, never>>
  | DomainEvent<'UserDeactivated', Record<string, never>>
  | DomainEvent<'UserRoleChanged', { role: Role }>
  | DomainEvent<'UserSessionsRevoked', Record<string, never>>
  | DomainEvent<'UserProfileChanged', { name?: string; email?: string }>
  /** Ends every other session too: whoever knew the old password is out. */
  | DomainEvent<'UserPasswordChanged', { passwordHash: string }>
  | DomainEvent<'UserPriceComparisonSet', { enabled: boolean; expiresAt: string | null }>
  /** Ends every session; the personal data of the account's events is erased with its key. */
  | DomainEvent<'UserErased', Record<string, never>>
  | DomainEvent<'UserDataExported', { by: DataExportedBy; format: DataExportFormat }>;

export interface UserState {
  exists: boolean;
  status: UserStatus;
  role: Role;
  name: string;
  email: string;
  priceComparison: { enabled: boolean; expiresAt: string | null };
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: { exists: false, status: 'active', role: 'customer', name: '', email: '', priceComparison: { enabled: false, expiresAt: null } },

  decide(command, state) {
    if (command.type === 'RegisterUser') {
      if (state.exists) throw new DomainError('Utente già registrato', 'conflict');
      const { type: _type, ...data } = command;
      return [{ type: 'UserRegistered', data }];
    }
    if (!state.exists) throw new DomainError('Utente non trovato', 'not-found');
    if (state.status === 'erased') {
      if (command.type === 'EraseUser') return [];
      throw new DomainError('Questo account è stato cancellato.', 'conflict');
    }
    switch (command.type) {
      case 'EraseUser':
        return [{ type: 'UserErased', data: {} }];
      case 'RecordDataExport':
        return [{ type: 'UserDataExported', data: { by: command.by, format: command.format } }];
      case 'SuspendUser':
        if (state.status === 'suspended') return [];
        return [{ type: 'UserSuspended', data: { reason: command.reason } }];
      case 'ReactivateUser':
        if (state.status === 'active') return [];
        return [{ type: 'UserReactivated', data: {} }];
      case 'DeactivateUser':
        if (state.status === 'inactive') return [];
        return [{ type: 'UserDeactivated', data: {} }];
      case 'ChangeUserRole':
        if (state.role === command.role) return [];
        return [{ type: 'UserRoleChanged', data: { role: command.role } }];
      case 'RevokeUserSessions':
        return [{ type: 'UserSessionsRevoked', data: {} }];
      case 'ChangeUserProfile': {
        const data: { name?: string; email?: string } = {};
        if (command.name !== undefined && command.name !== state.name) data.name = command.name;
        if (command.email !== undefined && command.email !== state.email) data.email = command.email;
        return Object.keys(data).length ? [{ type: 'UserProfileChanged', data }] : [];
      }
      case 'ChangeUserPassword':
        return [{ type: 'UserPasswordChanged', data: { passwordHash: command.passwordHash } }];
      case 'SetPriceComparison': {
        // Off has no expiry to keep: it says nothing until turned on again.
        const expiresAt = command.enabled ? command.expiresAt : null;
        if (expiresAt !== null) checkTime('expiresAt', 'Scadenza del confronto prezzi', expiresAt);
        const now = state.priceComparison;
        const same = now.enabled === command.enabled && (now.expiresAt === null ? expiresAt === null : expiresAt !== null && Date.parse(now.expiresAt) === Date.parse(expiresAt));
        return same ? [] : [{ type: 'UserPriceComparisonSet', data: { enabled: command.enabled, expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString() } }];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { ...state, exists: true, status: 'active', role: event.data.role, name: event.data.name, email: event.data.email };
      case 'UserSuspended':
        return { ...state, status: 'suspended' };
      case 'UserReactivated':
        return { ...state, status: 'active' };
      case 'UserDeactivated':
        return { ...state, status: 'inactive' };
      case 'UserErased':
        return { ...state, status: 'erased' };
      case 'UserRoleChanged':
        return { ...state, role: event.data.role };
      case 'UserProfileChanged':
        return { ...state, name: event.data.name ?? state.name, email: event.data.email ?? state.email };
      case 'UserPriceComparisonSet':
        return { ...state, priceComparison: { enabled: event.data.enabled, expiresAt: event.data.expiresAt } };
      default:
        return state;
    }
  },
};
