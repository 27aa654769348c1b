import { describe, expect, it } from 'vitest';
import { leavesOf, patchOf } from './correction-fields';

describe('the correction form’s fields', () => {
  it('offers texts, numbers and yes/no at any depth, shows masked secrets, lists and empty values without offering them', () => {
    const { editable, fixed } = leavesOf({ productId: 'p', fields: { name: 'Veleno', priceCents: 300, onSale: false, tags: ['a'], sku: null }, passwordHash: '[riservato]' });
    expect(editable).toEqual([
      { path: ['productId'], value: 'p' },
      { path: ['fields', 'name'], value: 'Veleno' },
      { path: ['fields', 'priceCents'], value: 300 },
      { path: ['fields', 'onSale'], value: false },
    ]);
    expect(fixed.map((f) => f.path.join('.'))).toEqual(['fields.tags', 'fields.sku', 'passwordHash']);
  });

  it('sends the changed values only, in the event’s own shape', () => {
    expect(
      patchOf([
        { path: ['fields', 'name'], value: 'Pane' },
        { path: ['fields', 'priceCents'], value: 250 },
        { path: ['productId'], value: 'q' },
      ]),
    ).toEqual({
      fields: { name: 'Pane', priceCents: 250 },
      productId: 'q',
    });
  });
});
