import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { accessStreamId, type AccessEvent } from './access.js';
import { sessionActionsProjection, sessionsProjection, storeAccessProjection } from './projection.js';
import { sessionStreamId, type SessionEvent, type SessionFields } from './session.js';

const fields = (over: Partial<SessionFields> = {}): SessionFields => ({
  sessionId: randomUUID(),
  assignmentId: randomUUID(),
  accessId: null,
  storeId: randomUUID(),
  storeName: 'Bottega',
  storeAddress: 'Via Roma 1, Roma',
  storeLatitude: 41.9,
  storeLongitude: 12.5,
  shopkeeperId: randomUUID(),
  collaboratorId: randomUUID(),
  collaboratorName: 'Luca',
  securityLevel: 'standard',
  permissions: ['products'],
  aiCredits: 20,
  ...over,
});
const scheduled = (f: SessionFields): SessionEvent => ({
  type: 'SessionScheduled',
  data: {
    ...f,
    scheduledStartAt: '2026-11-27T10:00:00.000Z',
    scheduledEndAt: '2026-11-27T12:00:00.000Z',
    activationCodeKey: 'a',
    activationCodeVersion: 1,
    closureCodeKey: 'c',
    closureCodeVersion: 1,
  },
});
const columns = `SELECT status, ready_at, activation_deadline, close_deadline, deadline, marked_ready, activation_tries, activation_burnt, activation_code_version,
  location_verified, ip_address, ai_credits_sent, ai_credits_used, credits_settled, revoke_reason, expired_reason, actual_end_at IS NOT NULL AS ended
  FROM collaboration_sessions WHERE id = $1`;
const d = (iso: string) => new Date(iso);

describe('collaboration sessions projection', () => {
  const spec = useProjection(sessionsProjection);
  const log = new EventLog('2026-11-27T08:00:00.000Z');

  it('keeps the next deadline for the upkeep: readiness, then the activation window, then the end’s grace; none once over', async () => {
    const f = fields();
    const stream = sessionStreamId(f.sessionId);
    await spec.apply(log.record<SessionEvent>(stream, [scheduled(f)]));
    expect((await spec.rows(columns, [f.sessionId]))[0]).toMatchObject({
      status: 'pending',
      ready_at: d('2026-11-27T09:30:00.000Z'),
      activation_deadline: d('2026-11-27T11:00:00.000Z'),
      close_deadline: d('2026-11-27T12:30:00.000Z'),
      deadline: d('2026-11-27T09:30:00.000Z'),
      marked_ready: false,
    });
    await spec.apply(
      log.record<SessionEvent>(stream, [
        { type: 'SessionReady', data: { readyAt: '2026-11-27T09:30:00.000Z' } },
        { type: 'SessionCodeMistyped', data: { kind: 'activation', tries: 1 } },
      ]),
    );
    expect((await spec.rows(columns, [f.sessionId]))[0]).toMatchObject({ deadline: d('2026-11-27T11:00:00.000Z'), marked_ready: true, activation_tries: 1 });
    await spec.apply(
      log.record<SessionEvent>(stream, [
        { type: 'SessionCodeReissued', data: { kind: 'activation', key: 'a2', version: 2 } },
        {
          type: 'SessionActivated',
          data: { ipAddress: '10.0.0.9', userAgent: 'Firefox', locationVerified: true, distanceM: 30, startedAt: '2026-11-27T10:02:00.000Z', confirmedBy: null },
        },
        { type: 'SessionCreditsSent', data: { credits: 20 } },
      ]),
    );
    expect((await spec.rows(columns, [f.sessionId]))[0]).toMatchObject({
      status: 'active',
      deadline: d('2026-11-27T12:30:00.000Z'),
      activation_tries: 0,
      activation_code_version: 2,
      location_verified: true,
      ip_address: '10.0.0.9',
      ai_credits_sent: 20,
    });
    await spec.apply(
      log.record<SessionEvent>(stream, [
        { type: 'SessionRevoked', data: { byUserId: f.shopkeeperId, byRole: 'shopkeeper', reason: 'Fuori orario', revokedAt: '2026-11-27T10:30:00.000Z', wasActive: true } },
        { type: 'SessionCreditsSettled', data: { used: 3, returned: 17 } },
      ]),
    );
    expect((await spec.rows(columns, [f.sessionId]))[0]).toMatchObject({
      status: 'revoked',
      deadline: null,
      revoke_reason: 'Fuori orario',
      ai_credits_used: 3,
      credits_settled: true,
      ended: true,
    });
  });

  it('a session moved is ready again later; one never activated expires with its reason', async () => {
    const f = fields();
    const stream = sessionStreamId(f.sessionId);
    await spec.apply(
      log.record<SessionEvent>(stream, [
        scheduled(f),
        { type: 'SessionReady', data: { readyAt: '2026-11-27T09:30:00.000Z' } },
        { type: 'SessionRescheduled', data: { scheduledStartAt: '2026-11-28T10:00:00.000Z', scheduledEndAt: '2026-11-28T11:00:00.000Z' } },
      ]),
    );
    expect((await spec.rows(columns, [f.sessionId]))[0]).toMatchObject({
      marked_ready: false,
      deadline: d('2026-11-28T09:30:00.000Z'),
      close_deadline: d('2026-11-28T11:30:00.000Z'),
    });
    await spec.apply(log.record<SessionEvent>(stream, [{ type: 'SessionExpired', data: { reason: 'not_activated', expiredAt: '2026-11-28T11:00:00.000Z', wasActive: false } }]));
    expect((await spec.rows(columns, [f.sessionId]))[0]).toMatchObject({ status: 'expired', expired_reason: 'not_activated', deadline: null });
  });
});

describe('session actions projection', () => {
  const spec = useProjection(sessionActionsProjection);
  const log = new EventLog('2026-11-27T08:00:00.000Z');

  it('keeps the events a collaborator wrote for a shop in a session, with the AI credits spent, and nothing else', async () => {
    const sessionId = randomUUID();
    const storeId = randomUUID();
    const productId = randomUUID();
    const onBehalfOf = { sessionId, storeId };
    const events = [
      ...log.record(`product-${productId}`, [{ type: 'ProductUpdated', data: { changes: { priceCents: 450 } } }], {
        actorUserId: randomUUID(),
        actorRole: 'collaborator',
        onBehalfOf,
      }),
      ...log.record(`product-${productId}`, [{ type: 'ProductUpdated', data: { changes: { priceCents: 500 } } }], { actorUserId: randomUUID(), actorRole: 'shopkeeper' }),
      ...log.record(`credits-${randomUUID()}`, [{ type: 'CreditsCharged', data: { holdId: 'h', credits: 2, usage: {} } }], { actorRole: 'collaborator', onBehalfOf }),
    ];
    await spec.apply(events);
    await spec.apply(events);
    expect(await spec.rows('SELECT type, stream_id, ai_credits, data FROM collaboration_session_actions WHERE session_id = $1 ORDER BY at', [sessionId])).toEqual([
      { type: 'ProductUpdated', stream_id: `product-${productId}`, ai_credits: 0, data: { changes: { priceCents: 450 } } },
      { type: 'CreditsCharged', stream_id: expect.stringMatching(/^credits-/), ai_credits: 2, data: { holdId: 'h', credits: 2, usage: {} } },
    ]);
  });
});

describe('standing accesses projection', () => {
  const spec = useProjection(storeAccessProjection);
  const log = new EventLog('2026-11-27T08:00:00.000Z');

  it('follows an access from its code to its end, with the credits its sessions took and gave back', async () => {
    const id = randomUUID();
    await spec.apply(
      log.record<AccessEvent>(accessStreamId(id), [
        {
          type: 'StoreAccessGranted',
          data: {
            accessId: id,
            storeId: randomUUID(),
            storeName: 'Bottega',
            shopkeeperId: randomUUID(),
            collaboratorId: randomUUID(),
            collaboratorName: 'Luca',
            description: 'Inventario mensile',
            permissions: ['products'],
            expiresAt: '2027-01-01T00:00:00.000Z',
            creditsAllocated: 100,
            codeKey: 'k',
            codeVersion: 1,
          },
        },
        { type: 'StoreAccessRedeemed', data: { redeemedAt: '2026-11-27T09:00:00.000Z' } },
        { type: 'StoreAccessCreditsReserved', data: { sessionId: randomUUID(), credits: 40 } },
        { type: 'StoreAccessCreditsReleased', data: { sessionId: randomUUID(), credits: 15 } },
        { type: 'StoreAccessEnded', data: { byUserId: randomUUID(), reason: '', endedAt: '2026-11-30T09:00:00.000Z' } },
      ]),
    );
    expect(await spec.rows('SELECT code_used, credits_reserved, credits_released, is_active, end_reason FROM store_collaborator_assignments WHERE id = $1', [id])).toEqual([
      { code_used: true, credits_reserved: 40, credits_released: 15, is_active: false, end_reason: null },
    ]);
  });
});
