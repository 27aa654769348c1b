import type { Pool } from '../../platform/db/pool.js';
import { fold } from '../../platform/domain/decider.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import type { PlanAllowance } from '../stores/store.js';
import { entitlementDecider, userPackagesStreamId, type EntitlementEvent, type PackageTerms } from './entitlement.js';

const optionColumns = {
  shippingEnabled: 'enables_shipping',
  onlinePaymentsEnabled: 'enables_online_payments',
  stripePaymentsEnabled: 'enables_stripe_payments',
  paypalPaymentsEnabled: 'enables_paypal_payments',
} as const;

/** The options the given plans' terms allow, together. */
export const allowsOf = (terms: PackageTerms[]): PlanAllowance['allows'] => ({
  shippingEnabled: terms.some((t) => t.enablesShipping),
  onlinePaymentsEnabled: terms.some((t) => t.enablesOnlinePayments),
  stripePaymentsEnabled: terms.some((t) => t.enablesStripePayments),
  paypalPaymentsEnabled: terms.some((t) => t.enablesPayPalPayments),
});

/** The widest shipping radius the given plans' terms allow (km); null when none limits it (or none ships). */
export function shippingRadiusAllowed(terms: PackageTerms[]): number | null {
  const radii = terms.filter((t) => t.enablesShipping).map((t) => t.shippingRadius);
  return radii.length === 0 || radii.includes(null) ? null : Math.max(...(radii as number[]));
}

/**
 * What a user's plans in force at `now` allow, read from their purchases' own stream (not a read
 * model that may lag a payment just confirmed), and which plans on sale would allow each option.
 */
export async function allowanceOf({ store, pool }: { store: EventStore; pool: Pool }, userId: string, now: Date): Promise<PlanAllowance> {
  const state = fold(entitlementDecider, (await store.readStream(userPackagesStreamId(userId))) as unknown as EntitlementEvent[]);
  const active = state.purchases.filter((p) => p.isActive && new Date(p.expiresAt).getTime() > now.getTime()).map((p) => p.terms);
  const { rows } = await pool.query<Record<(typeof optionColumns)[keyof typeof optionColumns], boolean> & { name: string }>(
    `SELECT name, ${Object.values(optionColumns).join(', ')} FROM packages WHERE status = 'active' ORDER BY price_cents, name`,
  );
  const plansFor = Object.fromEntries(
    Object.entries(optionColumns).map(([option, column]) => [option, rows.filter((r) => r[column]).map((r) => r.name)]),
  ) as PlanAllowance['plansFor'];
  return {
    allows: allowsOf(active),
    shippingRadius: shippingRadiusAllowed(active),
    plansFor,
  };
}
