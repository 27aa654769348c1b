import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { productFields } from '../../../tests/support/products.js';
import { checkPrice, productDecider, type ProductEvent, type ProductFields } from './products.js';

const fields: ProductFields = productFields({ name: 'Farina', priceCents: 120, stockQuantity: 3 });
const created: ProductEvent = { type: 'ProductCreated', data: { productId: 'p1', storeId: 's1', globalProductId: null, fields } };
const deleted: ProductEvent = { type: 'ProductDeleted', data: {} };
const spec = deciderSpec(productDecider);

describe('product decider', () => {
  it('accepts prices above zero in whole cents (two decimals at most in euros)', () => {
    for (const ok of [1, 120, 320, 1999, 123456]) expect(() => checkPrice(ok)).not.toThrow();
    for (const bad of [0, -100, 123.4, Number.NaN]) expect(() => checkPrice(bad)).toThrow('Il prezzo deve essere maggiore di zero');
  });

  it('creates a product once, with a valid price', () => {
    const create = { type: 'CreateProduct', productId: 'p1', storeId: 's1', globalProductId: null, fields } as const;
    spec.given([]).when(create).then([created]);
    spec.given([created]).when(create).thenThrows({ message: 'Il prodotto esiste già.', kind: 'conflict' });
    spec
      .given([])
      .when({ ...create, fields: { ...fields, priceCents: 0 } })
      .thenThrows({
        message: 'Il prezzo deve essere maggiore di zero, con al massimo due decimali.',
        kind: 'rule',
        errors: { price: 'Il prezzo deve essere maggiore di zero, con al massimo due decimali.' },
      });
    spec
      .given([])
      .when({ ...create, fields: { ...fields, stockQuantity: -1 } })
      .thenThrows('La quantità in magazzino non può essere negativa.');
  });

  it('moves stock with a reason and never below zero', () => {
    spec
      .given([created])
      .when({ type: 'AdjustStock', delta: -2, reason: 'Vendita al banco' })
      .then([{ type: 'ProductStockAdjusted', data: { delta: -2, reason: 'Vendita al banco', stockAfter: 1 } }]);
    spec.given([created]).when({ type: 'AdjustStock', delta: -4, reason: 'x' }).thenThrows('Disponibili solo 3 pezzi: il magazzino non può andare sotto zero.');
    const oneLeft: ProductEvent = { type: 'ProductStockAdjusted', data: { delta: -2, reason: 'Vendita al banco', stockAfter: 1 } };
    spec.given([created, oneLeft]).when({ type: 'AdjustStock', delta: -2, reason: 'x' }).thenThrows('Disponibile solo 1 pezzo: il magazzino non può andare sotto zero.');
    spec.given([created]).when({ type: 'AdjustStock', delta: 0, reason: 'x' }).thenThrows({ kind: 'rule' });
  });

  it('records only real changes and nothing after deletion', () => {
    spec
      .given([created])
      .when({ type: 'UpdateProduct', changes: { name: 'Farina', priceCents: 150 } })
      .then([{ type: 'ProductUpdated', data: { changes: { priceCents: 150 } } }]);
    spec
      .given([created, deleted])
      .when({ type: 'UpdateProduct', changes: { priceCents: 200 } })
      .thenThrows('Prodotto non trovato.');
    spec.given([created]).when({ type: 'DeleteProduct' }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'DeleteProduct' }).thenThrows({ message: 'Prodotto non trovato.', kind: 'not-found' });
  });
});

describe('product stock holds', () => {
  const held: ProductEvent = { type: 'ProductStockHeld', data: { holdId: 'order:o1', quantity: 2, stockAfter: 1 } };
  const released: ProductEvent = { type: 'ProductStockReleased', data: { holdId: 'order:o1', quantity: 2, stockAfter: 3 } };

  it('sets units aside once per hold, and never more than there are', () => {
    spec.given([created]).when({ type: 'HoldStock', holdId: 'order:o1', quantity: 2 }).then([held]);
    spec.given([created, held]).when({ type: 'HoldStock', holdId: 'order:o1', quantity: 2 }).thenNothing();
    spec.given([created, held]).when({ type: 'HoldStock', holdId: 'order:o2', quantity: 2 }).thenThrows({
      message: 'Disponibilità insufficiente per «Farina»: ne resta 1.',
      kind: 'conflict',
    });
    spec.given([created]).when({ type: 'HoldStock', holdId: 'order:o1', quantity: 0 }).thenThrows('La quantità deve essere un numero intero positivo.');
  });

  it('gives a hold back once, even after the product is deleted; a hold given back can be taken again', () => {
    spec.given([created, held]).when({ type: 'ReleaseStock', holdId: 'order:o1' }).then([released]);
    spec.given([created, held, deleted]).when({ type: 'ReleaseStock', holdId: 'order:o1' }).then([released]);
    spec.given([created, held, released]).when({ type: 'ReleaseStock', holdId: 'order:o1' }).thenNothing();
    spec.given([created]).when({ type: 'ReleaseStock', holdId: 'order:o1' }).thenNothing();
    spec
      .given([created, held, released])
      .when({ type: 'HoldStock', holdId: 'order:o1', quantity: 3 })
      .then([{ type: 'ProductStockHeld', data: { holdId: 'order:o1', quantity: 3, stockAfter: 0 } }]);
  });
});
