import type { RecordedEvent } from '../../platform/eventstore/types.js';
import { byEventType, type Projection } from '../../platform/projections/projection.js';
import type { UnlockEvent } from './unlock.js';

const idOf = (event: RecordedEvent) => event.streamId.slice('package-unlock-'.length);

/** package_unlocks (spec §3): one row per request's unlock, with the purchase deadline the upkeep reads. */
export const packageUnlocksProjection: Projection = {
  name: 'package-unlocks',
  title: 'Sblocchi dei pacchetti di collaborazione',
  version: 1,
  tables: ['package_unlocks'],
  apply: byEventType<UnlockEvent>({
    PackageUnlockCreated: ({ data: u, metadata }, tx) =>
      tx.query(
        `INSERT INTO package_unlocks (id, request_id, shopkeeper_id, store_id, package_id, unlock_status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'locked', $6, $6) ON CONFLICT (id) DO NOTHING`,
        [u.unlockId, u.requestId, u.shopkeeperId, u.storeId, u.packageId, metadata.at],
      ),
    PackageUnlockUnlocked: (e, tx) =>
      tx.query(
        `UPDATE package_unlocks SET collaborator_id = $3,
           unlock_status = CASE WHEN unlock_status = 'locked' THEN 'unlocked_collaborator' ELSE unlock_status END,
           unlocked_by = coalesce(unlocked_by, 'collaborator_accepted'), unlocked_at = coalesce(unlocked_at, $2),
           purchase_deadline = coalesce(purchase_deadline, $4), updated_at = $2
         WHERE id = $1`,
        [idOf(e), e.metadata.at, e.data.collaboratorId, e.data.purchaseDeadline],
      ),
    PackageUnlockAdminUnlocked: (e, tx) =>
      tx.query(
        `UPDATE package_unlocks SET unlock_status = 'unlocked_admin', unlocked_by = 'admin_override', admin_user_id = $3, unlock_reason = $4, special_conditions = $5,
           free_of_charge = $6, purchase_deadline = $7, unlocked_at = $2, updated_at = $2
         WHERE id = $1`,
        [idOf(e), e.metadata.at, e.data.adminUserId, e.data.reason, e.data.specialConditions, e.data.freeOfCharge, e.data.purchaseDeadline],
      ),
    PackageUnlockPurchased: (e, tx) =>
      tx.query(`UPDATE package_unlocks SET unlock_status = 'purchased', purchased_at = $2, payment_id = $3, amount_cents = $4, updated_at = $2 WHERE id = $1`, [
        idOf(e),
        e.metadata.at,
        e.data.paymentId,
        e.data.amountCents,
      ]),
    PackageUnlockLapsed: (e, tx) => tx.query('UPDATE package_unlocks SET lapsed = true, updated_at = $2 WHERE id = $1', [idOf(e), e.metadata.at]),
  }),
};
