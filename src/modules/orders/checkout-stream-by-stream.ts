import { productDecider, type ProductState } from '../catalog/products.js';
import { cartDecider, type CartLine } from '../cart/cart.js';
import { cartCache } from '../cart/commands.js';
import { latest, productCache, releaseOrderHold } from './holds.js';
import { orderDecider, orderStreamId } from './order.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { handleCommand } from '../../platform/commands/handle-command.js';
import { derivedId } from '../../platform/commands/ids.js';
import { claimIdempotencyKey } from '../../platform/commands/idempotency.js';
import type { Position } from '../../platform/eventstore/types.js';
import type { CheckoutDeps, CheckoutPlan, Placed } from './checkout-plan.js';

/**
 * The checkout on a store that appends to one stream at a time (EventStoreDB): the key claimed
 * first (a twin's claim is read and compared), then each hold, then the orders, then the cart;
 * what was held is given back if a later step is refused, and a retry with the same key holds it again.
 */
export async function placeStreamByStream(deps: CheckoutDeps, plan: CheckoutPlan, ctx: CommandContext): Promise<Placed> {
  const { store } = deps;
  const { userId, claim, keyRead, cartStream, loadedCart, products, plans, holds, holdCommand, orderOf, cartCommand, placedStates, answer } = plan;
  await claimIdempotencyKey(store, claim, ctx, keyRead);
  const made: { line: CartLine; orderId: string }[] = [];
  const held = new Map<string, ProductState>();
  const positions: (Position | null)[] = [];
  const release = async () => {
    const released = await Promise.all(made.map(({ line, orderId }) => releaseOrderHold(store, orderId, line.productId, ctx)));
    await deps.settle?.(latest(released));
  };
  try {
    for (const hold of holds) {
      const { streamId, command, eventIds } = holdCommand(hold);
      const result = await handleCommand(store, streamId, productDecider, command, ctx, {
        ...productCache,
        attempts: 50,
        eventIds,
        loaded: products.get(hold.line.productId),
      });
      if (result.events.length) made.push(hold);
      positions.push(result.position);
      held.set(hold.line.productId, result.state);
      const fields = result.state.fields!;
      if (result.state.storeId !== hold.line.storeId || fields.status !== 'active') {
        throw new DomainError(`«${fields.name}» non è più in vendita: toglilo dal carrello.`, 'rule');
      }
    }
    for (const plan of plans) {
      if (plan.placed) continue;
      const order = orderOf(plan, (id) => held.get(id)!);
      const placed = await handleCommand(store, orderStreamId(plan.orderId), orderDecider, { type: 'PlaceOrder', order }, ctx, {
        eventIds: () => derivedId('placed', plan.orderId),
        loaded: plan.loaded,
      });
      positions.push(placed.position);
      // The state after PlaceOrder: ours, or the one a racing request with the same key placed.
      placedStates.set(plan.orderId, placed.state);
    }
  } catch (error) {
    await release();
    throw error;
  }

  const checkedOut = await handleCommand(store, cartStream, cartDecider(userId), cartCommand.command, ctx, {
    ...cartCache,
    eventIds: cartCommand.eventIds,
    loaded: loadedCart,
  });
  positions.push(checkedOut.position);
  return answer(latest(positions));
}
