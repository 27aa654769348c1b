import { describe, it } from 'vitest';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { cartDecider, type CartEvent } from './cart.js';

const spec = deciderSpec(cartDecider('u1'));
const added = (itemId: string, productId: string, storeId: string, quantity: number): CartEvent => ({
  type: 'CartItemAdded',
  data: { userId: 'u1', itemId, productId, storeId, quantity },
});
const bread = added('i1', 'p1', 's1', 2);
const wine = added('i2', 'p2', 's2', 1);
const badQuantity = { message: 'La quantità deve essere un numero intero da 1 a 99.', kind: 'rule', errors: { quantity: 'Da 1 a 99.' } } as const;

describe('cart decider', () => {
  it('adds a product as a new line, and to its own line when it is already in the cart, up to 99', () => {
    spec.given([]).when({ type: 'AddCartItem', itemId: 'i1', productId: 'p1', storeId: 's1', quantity: 2 }).then([bread]);
    spec
      .given([bread])
      .when({ type: 'AddCartItem', itemId: 'i9', productId: 'p1', storeId: 's1', quantity: 3 })
      .then([{ type: 'CartItemQuantityChanged', data: { userId: 'u1', itemId: 'i1', quantity: 5 } }]);
    spec
      .given([bread])
      .when({ type: 'AddCartItem', itemId: 'i9', productId: 'p1', storeId: 's1', quantity: 97 })
      .then([{ type: 'CartItemQuantityChanged', data: { userId: 'u1', itemId: 'i1', quantity: 99 } }]);
    // Past 99 the line is not cut to 99 in silence: refused, saying how many more fit.
    spec
      .given([bread])
      .when({ type: 'AddCartItem', itemId: 'i9', productId: 'p1', storeId: 's1', quantity: 98 })
      .thenThrows({
        kind: 'rule',
        message: 'Nel carrello ne hai già 2: una riga arriva al massimo a 99 pezzi, puoi aggiungerne ancora 97.',
        errors: { quantity: 'Al massimo 97.' },
      });
    spec
      .given([added('i1', 'p1', 's1', 99)])
      .when({ type: 'AddCartItem', itemId: 'i9', productId: 'p1', storeId: 's1', quantity: 1 })
      .thenThrows({
        kind: 'rule',
        message: 'Nel carrello ne hai già 99: una riga arriva al massimo a 99 pezzi.',
      });
  });

  it('takes 1 to 99 whole units', () => {
    for (const quantity of [0, 100, 1.5, -1]) {
      spec.given([]).when({ type: 'AddCartItem', itemId: 'i1', productId: 'p1', storeId: 's1', quantity }).thenThrows(badQuantity);
      spec.given([bread]).when({ type: 'ChangeCartItemQuantity', itemId: 'i1', quantity }).thenThrows(badQuantity);
    }
  });

  it('changes the quantity of a line in the cart, only when it differs', () => {
    spec
      .given([bread])
      .when({ type: 'ChangeCartItemQuantity', itemId: 'i1', quantity: 4 })
      .then([{ type: 'CartItemQuantityChanged', data: { userId: 'u1', itemId: 'i1', quantity: 4 } }]);
    spec.given([bread]).when({ type: 'ChangeCartItemQuantity', itemId: 'i1', quantity: 2 }).thenNothing();
    spec.given([bread]).when({ type: 'ChangeCartItemQuantity', itemId: 'i2', quantity: 2 }).thenThrows({ message: 'Articolo non presente nel carrello.', kind: 'not-found' });
  });

  it('removes a line in the cart only', () => {
    const removed: CartEvent = { type: 'CartItemRemoved', data: { userId: 'u1', itemId: 'i1' } };
    spec.given([bread]).when({ type: 'RemoveCartItem', itemId: 'i1' }).then([removed]);
    spec.given([bread, removed]).when({ type: 'RemoveCartItem', itemId: 'i1' }).thenThrows({ message: 'Articolo non presente nel carrello.', kind: 'not-found' });
    // Removed, the product comes back as a new line.
    spec
      .given([bread, removed])
      .when({ type: 'AddCartItem', itemId: 'i3', productId: 'p1', storeId: 's1', quantity: 1 })
      .then([added('i3', 'p1', 's1', 1)]);
  });

  it('clears a cart that holds something', () => {
    spec
      .given([bread, wine])
      .when({ type: 'ClearCart' })
      .then([{ type: 'CartCleared', data: { userId: 'u1' } }]);
    spec.given([]).when({ type: 'ClearCart' }).thenNothing();
    spec
      .given([bread, { type: 'CartCleared', data: { userId: 'u1' } }])
      .when({ type: 'ClearCart' })
      .thenNothing();
  });

  it('checks out the lines of the stores ordered from, keeping the others', () => {
    const checkedOut: CartEvent = { type: 'CartCheckedOut', data: { userId: 'u1', storeIds: ['s1'], orderIds: ['o1'] } };
    spec
      .given([bread, wine])
      .when({ type: 'CheckOutCart', storeIds: ['s1'], orderIds: ['o1'] })
      .then([checkedOut]);
    spec
      .given([bread, wine, checkedOut])
      .when({ type: 'CheckOutCart', storeIds: ['s1'], orderIds: ['o1'] })
      .thenNothing();
    spec.given([bread, wine, checkedOut]).when({ type: 'ChangeCartItemQuantity', itemId: 'i1', quantity: 3 }).thenThrows('Articolo non presente nel carrello.');
    spec
      .given([bread, wine, checkedOut])
      .when({ type: 'ChangeCartItemQuantity', itemId: 'i2', quantity: 3 })
      .then([{ type: 'CartItemQuantityChanged', data: { userId: 'u1', itemId: 'i2', quantity: 3 } }]);
  });
});
