import type { ReadDb } from '../../platform/db/read.js';
import { fold } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { EventStore } from '../../platform/eventstore/types.js';
import { entitlementDecider, userPackagesStreamId, type EntitlementEvent } from '../packages/entitlement.js';
import { plansWithComparison } from './queries.js';

const romeDay = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'Europe/Rome' });

/** "nel piano «Premium»", "in uno dei piani «Confronto prezzi» o «Premium»" (as the plans' other refusals name them). */
function inPlans(names: string[]): string {
  const quoted = names.map((n) => `«${n}»`);
  if (quoted.length === 1) return `nel piano ${quoted[0]}`;
  return `in uno dei piani ${quoted.slice(0, -1).join(', ')} o ${quoted[quoted.length - 1]}`;
}

/**
 * Refuses (403) a shopkeeper whose plans in force at `now` do not include the price comparison,
 * saying which plans on sale do. The plans are read from the owner's purchases' own stream (the
 * terms paid for, as packages/allowance.ts reads them), not from a read model that may lag a
 * payment just confirmed.
 */
export async function requirePlanWithComparison({ store, db }: { store: EventStore; db: ReadDb }, ownerId: string, now: Date): Promise<void> {
  const state = fold(entitlementDecider, (await store.readStream(userPackagesStreamId(ownerId))) as unknown as EntitlementEvent[]);
  const included = state.purchases.some((p) => p.isActive && p.terms.enablesPriceComparison && new Date(p.expiresAt).getTime() > now.getTime());
  if (included) return;
  const plans = await plansWithComparison(db);
  throw new DomainError(
    plans.length ? `Il confronto prezzi è incluso ${inPlans(plans)}: lo trovi nella pagina Pacchetti.` : 'Il confronto prezzi non è incluso nel tuo piano.',
    'forbidden',
  );
}

/** Refuses (403) a customer whose price comparison is off, or past its expiry at `now`. */
export function requireCustomerComparison(enabled: boolean | null, expiresAt: string | null, now: Date): void {
  if (!enabled) throw new DomainError('Il confronto prezzi non è attivo sul tuo account.', 'forbidden');
  if (expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime()) {
    throw new DomainError(`Il tuo confronto prezzi è scaduto il ${romeDay.format(new Date(expiresAt))}.`, 'forbidden');
  }
}
