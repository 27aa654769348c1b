import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { cartDecider, cartStreamId, type CartCommand } from './cart.js';
import { cartProjection } from './projection.js';

const spec = useProjection(cartProjection);
const log = new EventLog();
const cart = (userId: string, command: CartCommand) => log.decide(cartStreamId(userId), cartDecider(userId), command);
const lines = (userId: string) => spec.rows('SELECT id, product_id, store_id, quantity FROM cart_items WHERE user_id = $1 ORDER BY created_at', [userId]);

describe('cart projection', () => {
  it('adds, changes and removes lines, and clears a cart', async () => {
    const [user, s1, p1, p2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const [i1, i2] = [randomUUID(), randomUUID()];
    const added = cart(user, { type: 'AddCartItem', itemId: i1, productId: p1, storeId: s1, quantity: 2 });
    await spec.apply([
      ...added,
      ...cart(user, { type: 'AddCartItem', itemId: i2, productId: p2, storeId: s1, quantity: 1 }),
      ...cart(user, { type: 'AddCartItem', itemId: randomUUID(), productId: p1, storeId: s1, quantity: 3 }),
    ]);
    expect(await lines(user)).toEqual([
      { id: i1, product_id: p1, store_id: s1, quantity: 5 },
      { id: i2, product_id: p2, store_id: s1, quantity: 1 },
    ]);
    expect(await spec.rows('SELECT created_at FROM cart_items WHERE id = $1', [i1])).toEqual([{ created_at: new Date(added[0]!.metadata.at) }]);
    await spec.apply([...cart(user, { type: 'ChangeCartItemQuantity', itemId: i2, quantity: 4 }), ...cart(user, { type: 'RemoveCartItem', itemId: i1 })]);
    expect(await lines(user)).toEqual([{ id: i2, product_id: p2, store_id: s1, quantity: 4 }]);
    await spec.apply(cart(user, { type: 'ClearCart' }));
    expect(await lines(user)).toEqual([]);
  });

  it('takes out of each cart the lines of the stores ordered from, in one batch or event by event', async () => {
    const [u1, u2, s1, s2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const item = () => randomUUID();
    const events = [
      ...cart(u1, { type: 'AddCartItem', itemId: item(), productId: randomUUID(), storeId: s1, quantity: 1 }),
      ...cart(u1, { type: 'AddCartItem', itemId: item(), productId: randomUUID(), storeId: s2, quantity: 1 }),
      ...cart(u2, { type: 'AddCartItem', itemId: item(), productId: randomUUID(), storeId: s1, quantity: 2 }),
      ...cart(u2, { type: 'AddCartItem', itemId: item(), productId: randomUUID(), storeId: s2, quantity: 2 }),
      ...cart(u1, { type: 'CheckOutCart', storeIds: [s1], orderIds: [randomUUID()] }),
      ...cart(u2, { type: 'CheckOutCart', storeIds: [s2], orderIds: [randomUUID()] }),
    ];
    for (const batchSize of [1000, 1]) {
      await spec.reset();
      await spec.apply(events, { batchSize });
      expect((await lines(u1)).map((l) => l.store_id)).toEqual([s2]);
      expect((await lines(u2)).map((l) => l.store_id)).toEqual([s1]);
    }
  });
});
