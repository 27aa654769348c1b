import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { collaboratorDecider, collaboratorStreamId, type CollaboratorProfile } from './collaborator.js';
import { collaboratorsProjection } from './projection.js';

const profile: CollaboratorProfile = {
  address: 'Via Roma 1, Cagliari',
  latitude: 39.22,
  longitude: 9.12,
  radiusKm: 8,
  services: ['delivery'],
  isAvailable: true,
  availability: 'Sabato',
  bio: '',
};

describe('collaborators projection', () => {
  const spec = useProjection(collaboratorsProjection);
  const log = new EventLog('2026-11-24T10:00:00.000Z');

  it('keeps the profile, its approval with the first approval’s time, and the admin’s latest reason until approved again', async () => {
    const user = randomUUID();
    const stream = collaboratorStreamId(user);
    await spec.apply([
      ...log.decide(stream, collaboratorDecider, { type: 'RegisterCollaborator', userId: user, profile }),
      ...log.decide(stream, collaboratorDecider, { type: 'Reject', reason: 'Zona poco chiara' }),
      ...log.decide(stream, collaboratorDecider, { type: 'ChangeProfile', changes: { radiusKm: 12, services: ['delivery', 'inventory'] } }),
    ]);
    const row = `SELECT approval_status, decision_reason, radius_km, services, approved_at IS NOT NULL AS approved, rating::float8 AS rating, credits_earned
                 FROM collaborators WHERE user_id = $1`;
    expect(await spec.rows(row, [user])).toEqual([
      { approval_status: 'pending', decision_reason: 'Zona poco chiara', radius_km: 12, services: ['delivery', 'inventory'], approved: false, rating: 5, credits_earned: 0 },
    ]);
    await spec.apply([
      ...log.decide(stream, collaboratorDecider, { type: 'Approve', canActivateSessions: false }),
      ...log.decide(stream, collaboratorDecider, { type: 'Suspend', reason: 'Ritardi' }),
      ...log.decide(stream, collaboratorDecider, { type: 'SetStatus', status: 'inactive' }),
    ]);
    expect(await spec.rows('SELECT approval_status, decision_reason, status, can_activate_sessions FROM collaborators WHERE user_id = $1', [user])).toEqual([
      { approval_status: 'suspended', decision_reason: 'Ritardi', status: 'inactive', can_activate_sessions: false },
    ]);
    await spec.apply(log.decide(stream, collaboratorDecider, { type: 'Reactivate' }));
    expect(await spec.rows('SELECT approval_status, decision_reason FROM collaborators WHERE user_id = $1', [user])).toEqual([
      { approval_status: 'approved', decision_reason: null },
    ]);
  });
});
