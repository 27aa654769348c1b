import type { Role } from '../shared/context.js';
import type { Decider, DomainEvent } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';

export type UserStatus = 'active' | 'inactive' | 'suspended';

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
  | { type: 'RevokeUserSessions' };

export type UserEvent =
  | DomainEvent<
      'UserRegistered',
      { userId: string; username: string; name: string; email: string; role: Role; passwordHash: string }
    >
  | DomainEvent<'UserSuspended', { reason: string }>
  | DomainEvent<'UserReactivated', Record<string, never>>
  | DomainEvent<'UserDeactivated', Record<string, never>>
  | DomainEvent<'UserRoleChanged', { role: Role }>
  | DomainEvent<'UserSessionsRevoked', Record<string, never>>;

export interface UserState {
  exists: boolean;
  status: UserStatus;
  role: Role;
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: { exists: false, status: 'active', role: 'customer' },

  decide(command, state) {
    if (command.type === 'RegisterUser') {
      if (state.exists) throw new DomainError('Utente già registrato', 409);
      const { type: _type, ...data } = command;
      return [{ type: 'UserRegistered', data }];
    }
    if (!state.exists) throw new DomainError('Utente non trovato', 404);
    switch (command.type) {
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
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return { exists: true, status: 'active', role: event.data.role };
      case 'UserSuspended':
        return { ...state, status: 'suspended' };
      case 'UserReactivated':
        return { ...state, status: 'active' };
      case 'UserDeactivated':
        return { ...state, status: 'inactive' };
      case 'UserRoleChanged':
        return { ...state, role: event.data.role };
      default:
        return state;
    }
  },
};
