import { randomUUID } from 'node:crypto';
import { later, scenario, scenarioNow as now, worldIds, worldStore } from '../../platform/testing/accepted-events.js';
import { accessDecider, accessStreamId, type AccessCommand, type AccessFields } from './access.js';
import { sessionDecider, sessionStreamId, type SessionCommand, type SessionFields } from './session.js';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const fields = (sessionId: string): SessionFields => ({
  sessionId,
  assignmentId: randomUUID(),
  accessId: null,
  storeId: worldIds.store,
  storeName: worldStore.name,
  storeAddress: worldStore.address,
  storeLatitude: worldStore.latitude,
  storeLongitude: worldStore.longitude,
  shopkeeperId: worldIds.shopkeeper,
  collaboratorId: worldIds.collaborator,
  collaboratorName: 'Marco Neri',
  securityLevel: 'standard',
  permissions: ['products', 'ai'],
  aiCredits: 20,
});
const codes = { activation: { key: 'attivazione-chiave-1', version: 1 }, closure: { key: 'chiusura-chiave-1', version: 1 } };
// Starts in 10 minutes: ready now (30 minutes before), activated at once in the active one.
const schedule = (sessionId: string, f = fields(sessionId)): SessionCommand => ({
  type: 'ScheduleSession',
  fields: f,
  scheduledStartAt: later(10 * minute).toISOString(),
  scheduledEndAt: later(2 * hour).toISOString(),
  ...codes,
  now,
});
const ready = randomUUID();
const active = randomUUID();
const confirming = randomUUID();
const activate: SessionCommand = {
  type: 'ActivateSession',
  collaboratorId: worldIds.collaborator,
  codeKey: codes.activation.key,
  position: { latitude: worldStore.latitude, longitude: worldStore.longitude },
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (Android)',
  now,
};

const access = randomUUID();
const mistyped = randomUUID();
const accessFields: AccessFields = {
  accessId: access,
  storeId: worldIds.store,
  storeName: worldStore.name,
  shopkeeperId: worldIds.shopkeeper,
  collaboratorId: worldIds.collaborator,
  collaboratorName: 'Marco Neri',
  description: 'Gestione del catalogo',
  permissions: ['products'],
  expiresAt: later(30 * day).toISOString(),
  creditsAllocated: 100,
};
const reserved = randomUUID();

export const scenarios = [
  scenario<SessionCommand>(
    'collaboration sessions',
    sessionStreamId(randomUUID()),
    sessionDecider,
    [],
    [schedule(randomUUID()), { ...schedule(randomUUID()), fields: { ...fields(randomUUID()), assignmentId: null, accessId: access, securityLevel: 'high' } } as SessionCommand],
  ),
  scenario<SessionCommand>(
    'sessions ready',
    sessionStreamId(ready),
    sessionDecider,
    [schedule(ready)],
    [
      { type: 'RescheduleSession', scheduledStartAt: later(day).toISOString(), scheduledEndAt: later(day + 3 * hour).toISOString(), now },
      { type: 'MarkReady', now },
      { type: 'ReissueCode', kind: 'activation', key: 'attivazione-chiave-2', version: 2, now },
      { type: 'MistypeCode', kind: 'activation', now },
      activate,
      { ...activate, codeKey: 'sbagliato' },
      { type: 'CancelSession', byUserId: worldIds.shopkeeper, reason: 'Negozio chiuso', now },
      { type: 'ExpireSession', now: later(2 * hour) },
    ],
  ),
  // A high-security session waits for the shopkeeper to confirm the activation.
  scenario<SessionCommand>(
    'sessions to confirm',
    sessionStreamId(confirming),
    sessionDecider,
    [schedule(confirming, { ...fields(confirming), securityLevel: 'high' }), activate],
    [
      { type: 'ConfirmActivation', shopkeeperId: worldIds.shopkeeper, now },
      { type: 'RevokeSession', byUserId: worldIds.admin, byRole: 'admin', reason: 'Verifica', now },
    ],
  ),
  scenario<SessionCommand>(
    'sessions active',
    sessionStreamId(active),
    sessionDecider,
    [schedule(active), activate],
    [
      { type: 'CloseSession', collaboratorId: worldIds.collaborator, codeKey: codes.closure.key, now: later(hour) },
      { type: 'CloseSession', collaboratorId: worldIds.collaborator, codeKey: 'sbagliato', now: later(hour) },
      { type: 'MistypeCode', kind: 'closure', now },
      { type: 'ReissueCode', kind: 'closure', key: 'chiusura-chiave-2', version: 2, now },
      { type: 'RevokeSession', byUserId: worldIds.shopkeeper, byRole: 'shopkeeper', reason: 'Comportamento scorretto', now },
      { type: 'RecordCreditsSent', credits: 20 },
      { type: 'RecordCreditsSettled', used: 5, returned: 15 },
      { type: 'ExpireSession', now: later(3 * hour) },
      { type: 'ForgetNetworkData', now: later(400 * 24 * hour) },
    ],
  ),
  scenario<AccessCommand>(
    'standing accesses',
    accessStreamId(randomUUID()),
    accessDecider,
    [],
    [{ type: 'GrantAccess', fields: { ...accessFields, accessId: randomUUID() }, codeKey: 'accesso-chiave', codeVersion: 1, now }],
  ),
  // Wrong codes on an access waiting to be redeemed: the fifth burns it for the next code.
  scenario<AccessCommand>(
    'standing access codes mistyped',
    accessStreamId(mistyped),
    accessDecider,
    [{ type: 'GrantAccess', fields: { ...accessFields, accessId: mistyped }, codeKey: 'accesso-chiave', codeVersion: 1, now }],
    [
      { type: 'MistypeAccessCode', fresh: { key: 'accesso-chiave-2', version: 2 }, now },
      { type: 'RedeemAccess', collaboratorId: worldIds.collaborator, codeKey: 'accesso-chiave-2', now },
    ],
  ),
  scenario<AccessCommand>(
    'standing accesses in use',
    accessStreamId(access),
    accessDecider,
    [
      { type: 'GrantAccess', fields: accessFields, codeKey: 'accesso-chiave', codeVersion: 1, now },
      { type: 'RedeemAccess', collaboratorId: worldIds.collaborator, codeKey: 'accesso-chiave', now },
      { type: 'ReserveCredits', sessionId: reserved, credits: 20, sessionEndsAt: later(2 * hour).toISOString(), now },
    ],
    [
      { type: 'ReserveCredits', sessionId: randomUUID(), credits: 10, sessionEndsAt: later(3 * hour).toISOString(), now },
      { type: 'ReleaseCredits', sessionId: reserved, credits: 15 },
      { type: 'EndAccess', byUserId: worldIds.shopkeeper, reason: 'Lavoro finito', now },
    ],
  ),
];
