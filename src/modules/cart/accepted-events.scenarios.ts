import { randomUUID } from 'node:crypto';
import { made, scenario, worldIds } from '../../platform/testing/accepted-events.js';
import { cartDecider, cartStreamId, type CartCommand } from './cart.js';

const item = randomUUID();

export const scenarios = [
  scenario<CartCommand>(
    'cart',
    cartStreamId(worldIds.customer),
    made(cartDecider, worldIds.customer),
    [],
    [
      { type: 'AddCartItem', itemId: item, productId: worldIds.product, storeId: worldIds.store, quantity: 2 },
      { type: 'ChangeCartItemQuantity', itemId: item, quantity: 3 },
      { type: 'RemoveCartItem', itemId: item },
      { type: 'ClearCart' },
      { type: 'CheckOutCart', storeIds: [worldIds.store], orderIds: [randomUUID()] },
    ],
  ),
];
