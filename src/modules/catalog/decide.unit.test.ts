import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { checkPrice, productDecider, type ProductCommand, type ProductEvent, type ProductFields } from './products.js';

const fields: ProductFields = {
  name: 'Farina', description: '', price: 1.2, stockQuantity: 3, imageUrl: null, images: [], defaultImageIndex: 0,
  pdfUrl: null, category: null, sku: null, barcode: null, status: 'active', featured: false, onSale: false,
};
const created: ProductEvent = { type: 'ProductCreated', data: { productId: 'p1', storeId: 's1', globalProductId: null, fields } };
const given = (...events: ProductEvent[]) => ({ when: (c: ProductCommand) => productDecider.decide(c, fold(productDecider, events)) });

describe('product decider', () => {
  it('accepts prices above zero with two decimals at most', () => {
    for (const ok of [0.01, 1.2, 3.2, 19.99, 1234.56]) expect(() => checkPrice(ok)).not.toThrow();
    for (const bad of [0, -1, 1.234, Number.NaN]) expect(() => checkPrice(bad)).toThrow('Il prezzo deve essere maggiore di zero');
  });

  it('moves stock with a reason and never below zero', () => {
    expect(given(created).when({ type: 'AdjustStock', delta: -2, reason: 'Vendita al banco' })).toEqual([
      { type: 'ProductStockAdjusted', data: { delta: -2, reason: 'Vendita al banco', stockAfter: 1 } },
    ]);
    expect(() => given(created).when({ type: 'AdjustStock', delta: -4, reason: 'x' })).toThrow('Disponibili solo 3 pezzi');
  });

  it('records only real changes and nothing after deletion', () => {
    expect(given(created).when({ type: 'UpdateProduct', changes: { name: 'Farina', price: 1.5 } })).toEqual([
      { type: 'ProductUpdated', data: { changes: { price: 1.5 } } },
    ]);
    expect(() => given(created, { type: 'ProductDeleted', data: {} }).when({ type: 'UpdateProduct', changes: { price: 2 } })).toThrow('Prodotto non trovato.');
  });
});
