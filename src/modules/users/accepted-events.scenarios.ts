import { randomUUID } from 'node:crypto';
import { later, scenario, worldIds } from '../../platform/testing/accepted-events.js';
import { userDecider, userStreamId, type UserCommand } from './user.js';

export const scenarios = [
  scenario<UserCommand>(
    'users',
    userStreamId(randomUUID()),
    userDecider,
    [],
    [{ type: 'RegisterUser', userId: randomUUID(), username: 'giulia.rossi', name: 'Giulia Rossi', email: 'giulia@esempio.it', role: 'customer', passwordHash: 'scrypt$x' }],
  ),
  scenario<UserCommand>(
    'user profile',
    userStreamId(worldIds.customer),
    userDecider,
    [{ type: 'RegisterUser', userId: worldIds.customer, username: 'mario.bianchi', name: 'Mario Bianchi', email: 'mario@esempio.it', role: 'customer', passwordHash: 'scrypt$x' }],
    [
      { type: 'ChangeUserProfile', name: 'Mario Verdi', email: 'mario.verdi@esempio.it' },
      { type: 'SuspendUser', reason: 'Segnalazioni ripetute' },
      { type: 'ReactivateUser' },
      { type: 'DeactivateUser' },
      { type: 'ChangeUserRole', role: 'shopkeeper' },
      { type: 'RevokeUserSessions' },
      { type: 'SetPriceComparison', enabled: true, expiresAt: later(30 * 86_400_000).toISOString() },
      { type: 'RecordDataExport', by: 'admin', format: 'json' },
      { type: 'EraseUser' },
    ],
    { world: true },
  ),
  // The world's shopkeeper, collaborator and admin (the customer is the profile above).
  scenario<UserCommand>(
    'shopkeeper',
    userStreamId(worldIds.shopkeeper),
    userDecider,
    [{ type: 'RegisterUser', userId: worldIds.shopkeeper, username: 'negozio.prova', name: 'Anna Neri', email: 'anna@esempio.it', role: 'shopkeeper', passwordHash: 'scrypt$x' }],
    [{ type: 'ChangeUserProfile', name: 'Anna Rossi', email: 'anna.rossi@esempio.it' }],
    { world: true },
  ),
  scenario<UserCommand>(
    'collaborator',
    userStreamId(worldIds.collaborator),
    userDecider,
    [
      {
        type: 'RegisterUser',
        userId: worldIds.collaborator,
        username: 'marco.neri',
        name: 'Marco Neri',
        email: 'marco@esempio.it',
        role: 'collaborator',
        passwordHash: 'scrypt$x',
      },
    ],
    [{ type: 'SuspendUser', reason: 'Verifica' }],
    { world: true },
  ),
  scenario<UserCommand>(
    'admin',
    userStreamId(worldIds.admin),
    userDecider,
    [
      {
        type: 'RegisterUser',
        userId: worldIds.admin,
        username: 'admin.vicino',
        name: 'Amministrazione Vicino',
        email: 'admin@esempio.it',
        role: 'admin',
        passwordHash: 'scrypt$x',
      },
    ],
    [{ type: 'ChangeUserPassword', passwordHash: 'scrypt$y' }],
    { world: true },
  ),
];
