import { describe, expect, it } from 'vitest';
import { catalogUpcasters as up } from './upcasters.js';

const oldFields = { name: 'Pane casereccio', price: 2.35, stockQuantity: 20, barcode: null };

describe('the catalogue’s old events, in cents', () => {
  it('reads a product created with a price in euros as priceCents', () => {
    expect(up.ProductCreated!({ productId: 'p1', storeId: 's1', globalProductId: null, fields: oldFields })).toEqual({
      productId: 'p1',
      storeId: 's1',
      globalProductId: null,
      fields: { name: 'Pane casereccio', priceCents: 235, stockQuantity: 20, barcode: null },
    });
    expect(up.ProductCreated!({ fields: { ...oldFields, price: 0.3 } })).toEqual({ fields: { name: 'Pane casereccio', priceCents: 30, stockQuantity: 20, barcode: null } });
  });

  it('reads a price change in euros, and leaves a change without a price alone', () => {
    expect(up.ProductUpdated!({ changes: { price: 2.45 } })).toEqual({ changes: { priceCents: 245 } });
    const named = { changes: { name: 'Pane' } };
    expect(up.ProductUpdated!(named)).toBe(named);
  });

  it('reads the shared catalogue’s base price (or its absence) and a store’s price in cents', () => {
    expect(up.GlobalProductCreated!({ id: 'g', fields: { name: 'Passata', basePrice: 1.9 } })).toEqual({ id: 'g', fields: { name: 'Passata', basePriceCents: 190 } });
    expect(up.GlobalProductCreated!({ id: 'g', fields: { name: 'Passata', basePrice: null } })).toEqual({ id: 'g', fields: { name: 'Passata', basePriceCents: null } });
    expect(up.GlobalProductUsed!({ storeId: 's', productId: 'p', price: 19.99 })).toEqual({ storeId: 's', productId: 'p', priceCents: 1999 });
  });

  it('leaves events written in cents as they are', () => {
    for (const [type, data] of [
      ['ProductCreated', { fields: { name: 'Pane', priceCents: 235 } }],
      ['ProductUpdated', { changes: { priceCents: 245 } }],
      ['GlobalProductCreated', { fields: { basePriceCents: null } }],
      ['GlobalProductUsed', { storeId: 's', productId: 'p', priceCents: 1999 }],
    ] as const) {
      expect(up[type]!(data)).toBe(data);
    }
  });
});
