import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { globalProductDecider, type GlobalProductCommand, type GlobalProductEvent } from './global-products.js';

const fields = { name: 'Farina', description: '', basePrice: 1.2, imageUrl: null, images: [], category: null, sku: null, barcode: '8001234567890' };
const create: GlobalProductCommand = { type: 'CreateGlobalProduct', id: 'g1', fields, originalStoreId: 's1', originalProductId: 'p1', addedBy: null };
const created: GlobalProductEvent = { type: 'GlobalProductCreated', data: { id: 'g1', fields, originalStoreId: 's1', originalProductId: 'p1', addedBy: null } };
const used: GlobalProductEvent = { type: 'GlobalProductUsed', data: { storeId: 's1', productId: 'p1', price: 1.2 } };
const given = (...events: GlobalProductEvent[]) => ({ when: (c: GlobalProductCommand) => globalProductDecider.decide(c, fold(globalProductDecider, events)) });

describe('global product decider', () => {
  it('creates the entry once, whoever sends the creation after', () => {
    expect(given().when(create)).toEqual([created]);
    expect(given(created).when({ ...create, originalStoreId: 's2' })).toEqual([]);
  });

  it('counts a product once while it uses the barcode, and ends only a use in force', () => {
    const use: GlobalProductCommand = { type: 'RecordGlobalProductUse', storeId: 's1', productId: 'p1', price: 1.2 };
    expect(() => given().when(use)).toThrow('Prodotto del catalogo condiviso non trovato.');
    expect(given(created).when(use)).toEqual([used]);
    expect(given(created, used).when(use)).toEqual([]);
    expect(given(created, used).when({ type: 'EndGlobalProductUse', productId: 'p1' })).toEqual([
      { type: 'GlobalProductUseEnded', data: { storeId: 's1', productId: 'p1' } },
    ]);
    expect(given(created).when({ type: 'EndGlobalProductUse', productId: 'p1' })).toEqual([]);
  });

  it('records only what an admin curation changes, and refuses an empty name', () => {
    const curate = (changes: Extract<GlobalProductCommand, { type: 'CurateGlobalProduct' }>['changes']): GlobalProductCommand => ({ type: 'CurateGlobalProduct', changes });
    expect(() => given().when(curate({ featured: true }))).toThrow('Prodotto del catalogo condiviso non trovato.');
    expect(given(created).when(curate({ name: 'Farina', status: 'active', featured: true, isPopular: null }))).toEqual([
      { type: 'GlobalProductCurated', data: { changes: { featured: true } } },
    ]);
    const curated: GlobalProductEvent = { type: 'GlobalProductCurated', data: { changes: { name: 'Farina 00', isPopular: true } } };
    expect(given(created, curated).when(curate({ name: 'Farina 00', isPopular: true }))).toEqual([]);
    expect(given(created, curated).when(curate({ isPopular: null, category: 'alimentari' }))).toEqual([
      { type: 'GlobalProductCurated', data: { changes: { isPopular: null, category: 'alimentari' } } },
    ]);
    expect(() => given(created).when(curate({ name: '  ' }))).toThrow('Il nome del prodotto è obbligatorio.');
  });

  it('deletes the entry ending every use; a later creation starts it afresh, a later end of use does nothing', () => {
    const usedToo: GlobalProductEvent = { type: 'GlobalProductUsed', data: { storeId: 's2', productId: 'p2', price: 1.5 } };
    const deleted: GlobalProductEvent = { type: 'GlobalProductDeleted', data: {} };
    expect(given(created, used, usedToo).when({ type: 'DeleteGlobalProduct' })).toEqual([
      { type: 'GlobalProductUseEnded', data: { storeId: 's1', productId: 'p1' } },
      { type: 'GlobalProductUseEnded', data: { storeId: 's2', productId: 'p2' } },
      deleted,
    ]);
    expect(() => given().when({ type: 'DeleteGlobalProduct' })).toThrow('Prodotto del catalogo condiviso non trovato.');
    expect(() => given(created, deleted).when({ type: 'DeleteGlobalProduct' })).toThrow('Prodotto del catalogo condiviso non trovato.');
    expect(given(created, used, deleted).when({ type: 'EndGlobalProductUse', productId: 'p1' })).toEqual([]);
    expect(given(created, deleted).when({ ...create, originalStoreId: 's3' })).toEqual([{ ...created, data: { ...created.data, originalStoreId: 's3' } }]);
  });
});
