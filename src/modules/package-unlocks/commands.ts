import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import { claimIdempotencyKey, idempotencyClaim } from '../../platform/commands/idempotency.js';
import type { ReadDb } from '../../platform/db/read.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import { PURCHASE_WINDOW_MS } from '../collaboration-requests/request.js';
import { purchasePackage } from '../packages/commands.js';
import { collaborationPackageOnSale } from '../packages/queries.js';
import { paymentOfUnlock } from './queries.js';
import type { PurchaseMethod } from '../packages/contract.js';
import type { ProviderOf } from '../payments/commands.js';
import { unlockDecider, unlockLapsed, unlockNotFound, unlockStreamId, type UnlockState } from './unlock.js';

interface Deps {
  store: EventStore;
  db: ReadDb;
}

/** The admin's override: unlocked with a reason, special conditions, perhaps free of charge; 24 h to buy unless said. */
export async function adminUnlock(
  { store }: Pick<Deps, 'store'>,
  unlockId: string,
  input: { reason: string; specialConditions?: string | null | undefined; freeOfCharge: boolean; purchaseDeadline?: string | undefined },
  ctx: CommandContext,
): Promise<Position | null> {
  const purchaseDeadline = input.purchaseDeadline ? new Date(input.purchaseDeadline).toISOString() : new Date(ctx.now.getTime() + PURCHASE_WINDOW_MS).toISOString();
  const command = {
    type: 'AdminUnlock' as const,
    adminUserId: ctx.actor?.userId ?? '',
    reason: input.reason,
    specialConditions: input.specialConditions ?? null,
    freeOfCharge: input.freeOfCharge,
    purchaseDeadline,
    now: ctx.now,
  };
  return (await handleCommand(store, unlockStreamId(unlockId), unlockDecider, command, ctx)).position;
}

/** The package a purchase buys: the unlock's own while on sale, otherwise the cheapest collaboration package on sale. */
async function packageToBuy(db: ReadDb, packageId: string): Promise<string> {
  const found = await collaborationPackageOnSale(db, packageId);
  if (!found) throw new DomainError('Nessun pacchetto collaboratore disponibile: riprova più tardi.', 'rule');
  return found;
}

function checkBuyable(state: UnlockState, shopkeeperId: string, now: Date): void {
  if (!state.exists || !state.fields || state.fields.shopkeeperId !== shopkeeperId) throw new DomainError(unlockNotFound, 'not-found');
  if (state.status === 'purchased') throw new DomainError('Il pacchetto è già stato acquistato.', 'conflict');
  if (state.status === 'locked') throw new DomainError('Il pacchetto non è ancora sbloccato: si sblocca quando un collaboratore accetta la richiesta.', 'rule');
  if (state.lapsed || (state.purchaseDeadline && now.getTime() >= new Date(state.purchaseDeadline).getTime())) throw new DomainError(unlockLapsed, 'rule');
}

/** The unlock recorded purchased with no payment (free of charge, or its package at no price). */
async function boughtForNothing(deps: Pick<Deps, 'store'>, unlockId: string, ctx: CommandContext): Promise<Position | null> {
  const { position } = await handleCommand(deps.store, unlockStreamId(unlockId), unlockDecider, { type: 'RecordPurchase', paymentId: null, amountCents: 0, now: ctx.now }, ctx);
  return position;
}

/**
 * The shopkeeper buys the unlocked package. Free of charge: purchased at once. Otherwise the
 * unlock's ai_collaborator package is bought through the packages (a payment with the unlock's id
 * in its metadata; purchase-process.ts records the unlock purchased once it completes). The same
 * Idempotency-Key is the same payment; a payment of this unlock still open is answered again
 * instead of opening a second one.
 */
export async function purchaseUnlock(
  deps: Deps & { providers: ProviderOf },
  input: { unlockId: string; shopkeeperId: string; idempotencyKey: string; paymentMethod: PurchaseMethod; returnUrl: string; cancelUrl: string },
  ctx: CommandContext,
): Promise<{ paymentId: string | null; paymentUrl: string | null; position: Position | null }> {
  const { state } = await loadState(deps.store, unlockStreamId(input.unlockId), unlockDecider);
  checkBuyable(state, input.shopkeeperId, ctx.now);
  // The key means this request: this unlock, paid this way (not where the payer comes back).
  await claimIdempotencyKey(
    deps.store,
    idempotencyClaim('unlock-purchase', input.shopkeeperId, input.idempotencyKey, { unlockId: input.unlockId, paymentMethod: input.paymentMethod }),
    ctx,
  );
  if (state.freeOfCharge) return { paymentId: null, paymentUrl: null, position: await boughtForNothing(deps, input.unlockId, ctx) };
  const existing = await paymentOfUnlock(deps.db, input.unlockId);
  if (existing?.status === 'completed') throw new DomainError('Il pagamento di questo pacchetto è già arrivato: l’acquisto sarà registrato a momenti.', 'conflict');
  if (existing?.payment_url) return { paymentId: existing.id, paymentUrl: existing.payment_url, position: null };
  const packageId = await packageToBuy(deps.db, state.fields!.packageId);
  const bought = await purchasePackage(
    deps,
    {
      userId: input.shopkeeperId,
      packageId,
      idempotencyKey: `unlock-${input.unlockId}-${input.idempotencyKey}`,
      paymentMethod: input.paymentMethod,
      returnUrl: input.returnUrl,
      cancelUrl: input.cancelUrl,
      metadata: { unlockId: input.unlockId },
      keyClaimed: true,
    },
    ctx,
  );
  if (bought.paymentId === null) {
    // A package at no price: activated at once, so the unlock is bought at once.
    return { paymentId: null, paymentUrl: null, position: (await boughtForNothing(deps, input.unlockId, ctx)) ?? bought.position };
  }
  return bought;
}
