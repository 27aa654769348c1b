import type { AccessEvent, AccessFields } from './access.js';
import type { SessionEvent, SessionFields } from './session.js';

/* The sessions and standing accesses the deciders' tests start from (session, access, bounds). */

/** The tests' clock: 1 June 2026, 08:00 UTC; `at(m)` is `m` minutes later. */
export const t0 = new Date('2026-06-01T08:00:00.000Z');
export const at = (minutes: number): Date => new Date(t0.getTime() + minutes * 60_000);

/** The shop the sessions happen at (Bottega, Via Roma 1, Roma). */
export const shop = { latitude: 41.9, longitude: 12.5 };

/** Luca's session s1 of assignment a1 at the shop, on the catalogue, with 10 AI credits; `over` changes it. */
export const sessionFields = (over: Partial<SessionFields> = {}): SessionFields => ({
  sessionId: 's1',
  assignmentId: 'a1',
  accessId: null,
  storeId: 'st1',
  storeName: 'Bottega',
  storeAddress: 'Via Roma 1, Roma',
  storeLatitude: shop.latitude,
  storeLongitude: shop.longitude,
  shopkeeperId: 'k1',
  collaboratorId: 'c1',
  collaboratorName: 'Luca',
  securityLevel: 'standard',
  permissions: ['products'],
  aiCredits: 10,
  ...over,
});

/** That session scheduled at t0 for 10:00–12:00 with activation code A1 and closure code C1 (version 1). */
export const sessionScheduled = (over: Partial<SessionFields> = {}): SessionEvent => ({
  type: 'SessionScheduled',
  data: {
    ...sessionFields(over),
    scheduledStartAt: at(120).toISOString(),
    scheduledEndAt: at(240).toISOString(),
    activationCodeKey: 'A1',
    activationCodeVersion: 1,
    closureCodeKey: 'C1',
    closureCodeVersion: 1,
  },
});

/** Luca's standing access x1 to the shop's catalogue for 30 days with 100 credits; `over` changes it. */
export const accessFields = (over: Partial<AccessFields> = {}): AccessFields => ({
  accessId: 'x1',
  storeId: 'st1',
  storeName: 'Bottega',
  shopkeeperId: 'k1',
  collaboratorId: 'c1',
  collaboratorName: 'Luca',
  description: '',
  permissions: ['products'],
  expiresAt: at(60 * 24 * 30).toISOString(),
  creditsAllocated: 100,
  ...over,
});

/** That access granted with code K (version 1). */
export const accessGranted = (over: Partial<AccessFields> = {}): AccessEvent => ({ type: 'StoreAccessGranted', data: { ...accessFields(over), codeKey: 'K', codeVersion: 1 } });
