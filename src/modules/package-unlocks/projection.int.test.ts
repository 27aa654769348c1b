import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { packageUnlocksProjection } from './projection.js';
import { unlockStreamId, type UnlockEvent } from './unlock.js';

const columns = `SELECT unlock_status, unlocked_by, collaborator_id, admin_user_id, unlock_reason, free_of_charge, purchase_deadline::text AS purchase_deadline,
  purchased_at IS NOT NULL AS purchased, amount_cents, lapsed FROM package_unlocks WHERE id = $1`;

describe('package unlocks projection', () => {
  const spec = useProjection(packageUnlocksProjection);
  const log = new EventLog('2026-11-24T10:00:00.000Z');
  const created = (unlockId: string) => ({
    type: 'PackageUnlockCreated' as const,
    data: { unlockId, requestId: randomUUID(), shopkeeperId: randomUUID(), storeId: randomUUID(), packageId: randomUUID() },
  });

  it('locked, unlocked by the collaborator who accepted, then purchased with its amount', async () => {
    const id = randomUUID();
    const collaborator = randomUUID();
    await spec.apply(log.record<UnlockEvent>(unlockStreamId(id), [created(id)]));
    expect(await spec.rows('SELECT unlock_status FROM package_unlocks WHERE id = $1', [id])).toEqual([{ unlock_status: 'locked' }]);
    await spec.apply(
      log.record<UnlockEvent>(unlockStreamId(id), [
        { type: 'PackageUnlockUnlocked', data: { collaboratorId: collaborator, unlockedBy: 'collaborator_accepted', purchaseDeadline: '2026-11-25T10:00:00.000Z' } },
        { type: 'PackageUnlockPurchased', data: { paymentId: randomUUID(), amountCents: 4900, collaboratorId: collaborator } },
      ]),
    );
    expect(await spec.rows(columns, [id])).toEqual([
      {
        unlock_status: 'purchased',
        unlocked_by: 'collaborator_accepted',
        collaborator_id: collaborator,
        admin_user_id: null,
        unlock_reason: null,
        free_of_charge: false,
        purchase_deadline: '2026-11-25 10:00:00+00',
        purchased: true,
        amount_cents: 4900,
        lapsed: false,
      },
    ]);
  });

  it('an admin’s override before the acceptance stays the unlock’s state and deadline; an unpaid one lapses', async () => {
    const [free, late] = [randomUUID(), randomUUID()];
    const admin = randomUUID();
    const collaborator = randomUUID();
    await spec.apply([
      ...log.record<UnlockEvent>(unlockStreamId(free), [
        created(free),
        {
          type: 'PackageUnlockAdminUnlocked',
          data: { adminUserId: admin, reason: 'Negozio nuovo', specialConditions: 'Primo mese gratis', freeOfCharge: true, purchaseDeadline: '2026-11-26T10:00:00.000Z' },
        },
        { type: 'PackageUnlockUnlocked', data: { collaboratorId: collaborator, unlockedBy: 'collaborator_accepted', purchaseDeadline: '2026-11-25T10:00:00.000Z' } },
      ]),
      ...log.record<UnlockEvent>(unlockStreamId(late), [
        created(late),
        { type: 'PackageUnlockUnlocked', data: { collaboratorId: collaborator, unlockedBy: 'collaborator_accepted', purchaseDeadline: '2026-11-25T10:00:00.000Z' } },
        { type: 'PackageUnlockLapsed', data: {} },
      ]),
    ]);
    expect(await spec.rows(columns, [free])).toEqual([
      {
        unlock_status: 'unlocked_admin',
        unlocked_by: 'admin_override',
        collaborator_id: collaborator,
        admin_user_id: admin,
        unlock_reason: 'Negozio nuovo',
        free_of_charge: true,
        purchase_deadline: '2026-11-26 10:00:00+00',
        purchased: false,
        amount_cents: null,
        lapsed: false,
      },
    ]);
    expect(await spec.rows('SELECT unlock_status, lapsed FROM package_unlocks WHERE id = $1', [late])).toEqual([{ unlock_status: 'unlocked_collaborator', lapsed: true }]);
  });
});
