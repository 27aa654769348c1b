import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { userDecider, type UserEvent } from './user.js';

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', username: 'mario', name: 'Mario Rossi', email: 'mario@example.it', role: 'customer', passwordHash: 'h' },
};

const spec = deciderSpec(userDecider);

describe('user decider', () => {
  it('registers a new user once', () => {
    const { type: _t, ...data } = { type: 'RegisterUser' as const, ...registered.data };
    spec
      .given([])
      .when({ type: 'RegisterUser', ...data })
      .then([registered]);
    spec
      .given([registered])
      .when({ type: 'RegisterUser', ...data })
      .thenThrows(DomainError, { message: 'Utente già registrato', kind: 'conflict' });
  });

  it('refuses commands for a user that does not exist', () => {
    spec.given([]).when({ type: 'SuspendUser', reason: 'x' }).thenThrows('Utente non trovato');
    spec.given([]).when({ type: 'RevokeUserSessions' }).thenThrows({ message: 'Utente non trovato', kind: 'not-found' });
  });

  it('deactivates a user once', () => {
    spec
      .given([registered])
      .when({ type: 'DeactivateUser' })
      .then([{ type: 'UserDeactivated', data: {} }]);
    spec
      .given([registered, { type: 'UserDeactivated', data: {} }])
      .when({ type: 'DeactivateUser' })
      .thenNothing();
  });

  it('suspends an active user and reactivates a suspended one, each once', () => {
    spec
      .given([registered])
      .when({ type: 'SuspendUser', reason: 'Frode' })
      .then([{ type: 'UserSuspended', data: { reason: 'Frode' } }]);
    const suspended: UserEvent = { type: 'UserSuspended', data: { reason: 'Frode' } };
    spec.given([registered, suspended]).when({ type: 'SuspendUser', reason: 'again' }).thenNothing();
    spec
      .given([registered, suspended])
      .when({ type: 'ReactivateUser' })
      .then([{ type: 'UserReactivated', data: {} }]);
    spec.given([registered]).when({ type: 'ReactivateUser' }).thenNothing();
  });

  it('changes the role only when it differs', () => {
    spec.given([registered]).when({ type: 'ChangeUserRole', role: 'customer' }).thenNothing();
    spec
      .given([registered])
      .when({ type: 'ChangeUserRole', role: 'shopkeeper' })
      .then([{ type: 'UserRoleChanged', data: { role: 'shopkeeper' } }]);
  });

  it('revokes sessions every time it is asked', () => {
    spec
      .given([registered])
      .when({ type: 'RevokeUserSessions' })
      .then([{ type: 'UserSessionsRevoked', data: {} }]);
  });

  it('changes only the profile fields that differ', () => {
    spec.given([registered]).when({ type: 'ChangeUserProfile', name: 'Mario Rossi', email: 'mario@example.it' }).thenNothing();
    spec
      .given([registered])
      .when({ type: 'ChangeUserProfile', name: 'Mario Bianchi', email: 'mario@example.it' })
      .then([{ type: 'UserProfileChanged', data: { name: 'Mario Bianchi' } }]);
    const changed: UserEvent = { type: 'UserProfileChanged', data: { email: 'm.rossi@example.it' } };
    spec.given([registered, changed]).when({ type: 'ChangeUserProfile', email: 'm.rossi@example.it' }).thenNothing();
    spec
      .given([registered, changed])
      .when({ type: 'ChangeUserProfile', email: 'mario@example.it' })
      .then([{ type: 'UserProfileChanged', data: { email: 'mario@example.it' } }]);
  });

  it('changes the password of an existing user only', () => {
    spec
      .given([registered])
      .when({ type: 'ChangeUserPassword', passwordHash: 'h2' })
      .then([{ type: 'UserPasswordChanged', data: { passwordHash: 'h2' } }]);
    spec.given([]).when({ type: 'ChangeUserPassword', passwordHash: 'h2' }).thenThrows('Utente non trovato');
  });

  it('is erased once (its data erased by the privacy module); then nothing else is done to it', () => {
    const erased: UserEvent = { type: 'UserErased', data: {} };
    spec.given([registered]).when({ type: 'EraseUser' }).then([erased]);
    spec.given([registered, erased]).when({ type: 'EraseUser' }).thenNothing();
    spec.given([registered, erased]).when({ type: 'ReactivateUser' }).thenThrows(DomainError, { kind: 'conflict', message: 'Questo account è stato cancellato.' });
    spec
      .given([registered, erased])
      .when({ type: 'ChangeUserProfile', name: 'Di nuovo' })
      .thenThrows(DomainError, { kind: 'conflict', message: 'Questo account è stato cancellato.' });
    spec.given([]).when({ type: 'EraseUser' }).thenThrows('Utente non trovato');
  });

  it('turns a customer’s price comparison on until a date, or off, only when that changes', () => {
    const on: UserEvent = { type: 'UserPriceComparisonSet', data: { enabled: true, expiresAt: '2026-12-31T23:00:00.000Z' } };
    spec.given([registered]).when({ type: 'SetPriceComparison', enabled: true, expiresAt: '2026-12-31T23:00:00.000Z' }).then([on]);
    spec.given([registered, on]).when({ type: 'SetPriceComparison', enabled: true, expiresAt: '2026-12-31T23:00:00Z' }).thenNothing();
    spec
      .given([registered, on])
      .when({ type: 'SetPriceComparison', enabled: false, expiresAt: '2026-12-31T23:00:00Z' })
      .then([{ type: 'UserPriceComparisonSet', data: { enabled: false, expiresAt: null } }]);
    spec.given([registered]).when({ type: 'SetPriceComparison', enabled: false, expiresAt: null }).thenNothing();
  });

  it('refuses a price comparison until a time the read model cannot store (year 10000)', () => {
    spec
      .given([registered])
      .when({ type: 'SetPriceComparison', enabled: true, expiresAt: '+010000-01-01T00:00:00.000Z' })
      .thenThrows(DomainError, { kind: 'rule', message: 'Scadenza del confronto prezzi: data e ora non valide.' });
  });
});
