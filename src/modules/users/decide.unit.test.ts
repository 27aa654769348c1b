import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { userDecider, type UserCommand, type UserEvent } from './decider.js';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', username: 'mario', name: 'Mario Rossi', email: 'mario@example.it', role: 'customer', passwordHash: 'h' },
};

const given = (...events: UserEvent[]) => ({
  when: (command: UserCommand) => userDecider.decide(command, fold(userDecider, events)),
});

describe('user decider', () => {
  it('registers a new user once', () => {
    const { type: _t, ...data } = { type: 'RegisterUser' as const, ...registered.data };
    expect(given().when({ type: 'RegisterUser', ...data })).toEqual([registered]);
    expect(() => given(registered).when({ type: 'RegisterUser', ...data })).toThrow(DomainError);
  });

  it('refuses commands for a user that does not exist', () => {
    expect(() => given().when({ type: 'SuspendUser', reason: 'x' })).toThrow('Utente non trovato');
  });

  it('suspends an active user and reactivates a suspended one, each once', () => {
    expect(given(registered).when({ type: 'SuspendUser', reason: 'Frode' })).toEqual([
      { type: 'UserSuspended', data: { reason: 'Frode' } },
    ]);
    const suspended: UserEvent = { type: 'UserSuspended', data: { reason: 'Frode' } };
    expect(given(registered, suspended).when({ type: 'SuspendUser', reason: 'again' })).toEqual([]);
    expect(given(registered, suspended).when({ type: 'ReactivateUser' })).toEqual([{ type: 'UserReactivated', data: {} }]);
    expect(given(registered).when({ type: 'ReactivateUser' })).toEqual([]);
  });

  it('changes the role only when it differs', () => {
    expect(given(registered).when({ type: 'ChangeUserRole', role: 'customer' })).toEqual([]);
    expect(given(registered).when({ type: 'ChangeUserRole', role: 'shopkeeper' })).toEqual([
      { type: 'UserRoleChanged', data: { role: 'shopkeeper' } },
    ]);
  });

  it('revokes sessions every time it is asked', () => {
    expect(given(registered).when({ type: 'RevokeUserSessions' })).toEqual([{ type: 'UserSessionsRevoked', data: {} }]);
  });

  it('changes only the profile fields that differ', () => {
    expect(given(registered).when({ type: 'ChangeUserProfile', name: 'Mario Rossi', email: 'mario@example.it' })).toEqual([]);
    expect(given(registered).when({ type: 'ChangeUserProfile', name: 'Mario Bianchi', email: 'mario@example.it' })).toEqual([
      { type: 'UserProfileChanged', data: { name: 'Mario Bianchi' } },
    ]);
    const changed: UserEvent = { type: 'UserProfileChanged', data: { email: 'm.rossi@example.it' } };
    expect(given(registered, changed).when({ type: 'ChangeUserProfile', email: 'm.rossi@example.it' })).toEqual([]);
    expect(given(registered, changed).when({ type: 'ChangeUserProfile', email: 'mario@example.it' })).toEqual([
      { type: 'UserProfileChanged', data: { email: 'mario@example.it' } },
    ]);
  });

  it('changes the password of an existing user only', () => {
    expect(given(registered).when({ type: 'ChangeUserPassword', passwordHash: 'h2' })).toEqual([{ type: 'UserPasswordChanged', data: { passwordHash: 'h2' } }]);
    expect(() => given().when({ type: 'ChangeUserPassword', passwordHash: 'h2' })).toThrow('Utente non trovato');
  });
});
