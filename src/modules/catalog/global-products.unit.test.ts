import { describe, it } from 'vitest';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { globalProductDecider, type GlobalProductCommand, type GlobalProductEvent } from './global-products.js';

const fields = { name: 'Farina', description: '', basePriceCents: 120, imageUrl: null, images: [], category: null, sku: null, barcode: '8001234567890' };
const create: GlobalProductCommand = { type: 'CreateGlobalProduct', id: 'g1', fields, originalStoreId: 's1', originalProductId: 'p1', addedBy: null };
const created: GlobalProductEvent = { type: 'GlobalProductCreated', data: { id: 'g1', fields, originalStoreId: 's1', originalProductId: 'p1', addedBy: null } };
const used: GlobalProductEvent = { type: 'GlobalProductUsed', data: { storeId: 's1', productId: 'p1', priceCents: 120 } };
const spec = deciderSpec(globalProductDecider);

describe('global product decider', () => {
  it('creates the entry once, whoever sends the creation after', () => {
    spec.given([]).when(create).then([created]);
    spec
      .given([created])
      .when({ ...create, originalStoreId: 's2' })
      .thenNothing();
  });

  it('counts a product once while it uses the barcode, and ends only a use in force', () => {
    const use: GlobalProductCommand = { type: 'RecordGlobalProductUse', storeId: 's1', productId: 'p1', priceCents: 120 };
    spec.given([]).when(use).thenThrows('Prodotto del catalogo condiviso non trovato.');
    spec.given([created]).when(use).then([used]);
    spec.given([created, used]).when(use).thenNothing();
    spec
      .given([created, used])
      .when({ type: 'EndGlobalProductUse', productId: 'p1' })
      .then([{ type: 'GlobalProductUseEnded', data: { storeId: 's1', productId: 'p1' } }]);
    spec.given([created]).when({ type: 'EndGlobalProductUse', productId: 'p1' }).thenNothing();
  });

  it('records only what an admin curation changes, and refuses an empty name', () => {
    const curate = (changes: Extract<GlobalProductCommand, { type: 'CurateGlobalProduct' }>['changes']): GlobalProductCommand => ({ type: 'CurateGlobalProduct', changes });
    spec
      .given([])
      .when(curate({ featured: true }))
      .thenThrows('Prodotto del catalogo condiviso non trovato.');
    spec
      .given([created])
      .when(curate({ name: 'Farina', status: 'active', featured: true, isPopular: null }))
      .then([{ type: 'GlobalProductCurated', data: { changes: { featured: true } } }]);
    const curated: GlobalProductEvent = { type: 'GlobalProductCurated', data: { changes: { name: 'Farina 00', isPopular: true } } };
    spec
      .given([created, curated])
      .when(curate({ name: 'Farina 00', isPopular: true }))
      .thenNothing();
    spec
      .given([created, curated])
      .when(curate({ isPopular: null, category: 'alimentari' }))
      .then([{ type: 'GlobalProductCurated', data: { changes: { isPopular: null, category: 'alimentari' } } }]);
    spec
      .given([created])
      .when(curate({ name: '  ' }))
      .thenThrows('Il nome del prodotto è obbligatorio.');
  });

  it('deletes the entry ending every use; a later creation starts it afresh, a later end of use does nothing', () => {
    const usedToo: GlobalProductEvent = { type: 'GlobalProductUsed', data: { storeId: 's2', productId: 'p2', priceCents: 150 } };
    const deleted: GlobalProductEvent = { type: 'GlobalProductDeleted', data: {} };
    spec
      .given([created, used, usedToo])
      .when({ type: 'DeleteGlobalProduct' })
      .then([{ type: 'GlobalProductUseEnded', data: { storeId: 's1', productId: 'p1' } }, { type: 'GlobalProductUseEnded', data: { storeId: 's2', productId: 'p2' } }, deleted]);
    spec.given([]).when({ type: 'DeleteGlobalProduct' }).thenThrows('Prodotto del catalogo condiviso non trovato.');
    spec.given([created, deleted]).when({ type: 'DeleteGlobalProduct' }).thenThrows('Prodotto del catalogo condiviso non trovato.');
    spec.given([created, used, deleted]).when({ type: 'EndGlobalProductUse', productId: 'p1' }).thenNothing();
    spec
      .given([created, deleted])
      .when({ ...create, originalStoreId: 's3' })
      .then([{ ...created, data: { ...created.data, originalStoreId: 's3' } }]);
  });
});
