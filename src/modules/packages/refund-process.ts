import type { Logger } from 'pino';
import { handleCommand } from '../../platform/commands/handle-command.js';
import type { Pool } from '../../platform/db/pool.js';
import { systemContext, type CommandContext } from '../../platform/domain/context.js';
import { fold } from '../../platform/domain/decider.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { changeStore, storeOfOwner } from '../stores/commands.js';
import { allowsOf, shippingRadiusAllowed } from './allowance.js';
import { changeCredits } from '../credits/commands.js';
import { creditsLotOf } from '../credits/purchase-lots.js';
import { planTypes } from './package.js';
import { entitlementDecider, userPackagesStreamId, type EntitlementCommand, type EntitlementEvent, type EntitlementState } from './entitlement.js';
import type { StoreCommand } from '../stores/store.js';

/** Why a purchase ends before its time when its payment is refunded: the owner reads it. */
export const refundReason = 'Acquisto rimborsato';

/** A refund seen this long after it happened is an incident for the log, not a look each time. */
const lookBackMs = 30 * 24 * 60 * 60 * 1000;

interface Deps {
  store: EventStore;
  pool: Pool;
}

/**
 * What a store runs on once a purchase has ended (taken back or expired): the plan bought last of
 * those still in force (as a purchase makes it the store's), the options they allow, shipping
 * within their radius.
 */
export function followPlans(state: EntitlementState, now: Date, reason: string): Extract<StoreCommand, { type: 'FollowPlans' }> {
  const remaining = state.purchases.filter((p) => p.isActive && new Date(p.expiresAt).getTime() > now.getTime());
  const plan = remaining.filter((p) => planTypes.includes(p.terms.type)).at(-1);
  const terms = remaining.map((p) => p.terms);
  return {
    type: 'FollowPlans',
    plan: plan ? { packageId: plan.terms.packageId, expiresAt: plan.expiresAt } : null,
    allows: allowsOf(terms),
    shippingRadius: shippingRadiusAllowed(terms),
    reason,
  };
}

/**
 * Takes back the purchase paid by `transactionId`: the owner's store first runs on the plans that
 * remain (the options they do not allow switch off, shipping within their radius), then the purchase ends on the user's stream.
 * In that order a run stopped between the two finds the purchase still in force and does both
 * again; the store's step is then a no-op. Returns null once the purchase was already taken back.
 */
export async function deactivateRefundedPackage({ store }: Pick<Deps, 'store'>, input: { userId: string; transactionId: string }, ctx: CommandContext): Promise<Position | null> {
  const stream = userPackagesStreamId(input.userId);
  const state = fold(entitlementDecider, (await store.readStream(stream)) as unknown as EntitlementEvent[]);
  const taken = state.purchases.find((p) => p.transactionId === input.transactionId);
  if (!taken || taken.deactivatedBecause !== null) return null;
  const command: EntitlementCommand = { type: 'DeactivatePackage', transactionId: input.transactionId, reason: refundReason, now: ctx.now };
  // The credits it brought that are left go back with the money (those spent stay spent); a package without credits has no lot, and this changes nothing.
  let position = (await changeCredits(store, input.userId, { type: 'WithdrawLot', lotId: creditsLotOf(input.transactionId), reason: refundReason }, ctx)).position;
  if (taken.isActive && new Date(taken.expiresAt).getTime() > ctx.now.getTime()) {
    const after = entitlementDecider.decide(command, state).reduce(entitlementDecider.evolve, state);
    const storeId = await storeOfOwner(store, input.userId);
    if (storeId) position = (await changeStore(store, storeId, followPlans(after, ctx.now, refundReason), ctx)) ?? position;
  }
  return (await handleCommand(store, stream, entitlementDecider, command, ctx)).position ?? position;
}

/**
 * Ends the packages whose payment was refunded and that are not taken back yet: each by the
 * payment's id, so however often it runs (in one process or several, after a restart) a refund
 * takes back once. Returns how many it took back.
 */
export async function deactivateRefundedPackages(deps: Deps, now: Date, logger?: Logger): Promise<number> {
  const { rows } = await deps.pool.query<{ id: string; user_id: string }>(
    `SELECT p.id, p.user_id FROM payment_transactions p
     WHERE p.transaction_type IN ('package_purchase', 'credit_purchase') AND p.status = 'refunded' AND p.refunded_at > $1
       AND EXISTS (SELECT 1 FROM user_packages u WHERE u.transaction_id = p.id::text AND u.deactivation_reason IS NULL)
     ORDER BY p.refunded_at LIMIT 200`,
    [new Date(now.getTime() - lookBackMs)],
  );
  let deactivated = 0;
  for (const payment of rows) {
    try {
      if (await deactivateRefundedPackage(deps, { userId: payment.user_id, transactionId: payment.id }, systemContext(now))) deactivated++;
    } catch (err) {
      logger?.error({ err, paymentId: payment.id }, 'pacchetti: non è stato possibile revocare un acquisto rimborsato');
    }
  }
  return deactivated;
}
