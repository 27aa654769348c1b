import { randomUUID } from 'node:crypto';
import { scenario, worldIds } from '../../platform/testing/accepted-events.js';
import { categoryDecider, categoryStreamId, type CategoryCommand } from './categories.js';
import { globalProductDecider, globalProductStreamId, type GlobalProductCommand } from './global-products.js';
import { productDecider, productStreamId, type ProductCommand, type ProductFields } from './products.js';

const productFields: ProductFields = {
  name: 'Pane di Altamura',
  description: 'Pane di semola rimacinata',
  priceCents: 450,
  stockQuantity: 20,
  imageUrl: null,
  images: [],
  defaultImageIndex: 0,
  pdfUrl: null,
  category: 'panetteria',
  sku: 'PAN-01',
  barcode: '8001234567890',
  status: 'active',
  featured: false,
  onSale: false,
};
const global = randomUUID();
const hold = `order:${randomUUID()}`;
const removed = randomUUID();

export const scenarios = [
  scenario<ProductCommand>(
    'products',
    productStreamId(randomUUID()),
    productDecider,
    [],
    [{ type: 'CreateProduct', productId: randomUUID(), storeId: worldIds.store, globalProductId: null, fields: productFields }],
  ),
  scenario<ProductCommand>(
    'product changes and stock',
    productStreamId(worldIds.product),
    productDecider,
    [{ type: 'CreateProduct', productId: worldIds.product, storeId: worldIds.store, globalProductId: null, fields: productFields }],
    [
      { type: 'UpdateProduct', changes: (({ stockQuantity: _stock, ...changeable }) => changeable)(productFields) },
      // A change the product did not have: the one above says what it already says, so it is decided as no event.
      { type: 'UpdateProduct', changes: { name: 'Pane di Altamura DOP', priceCents: 480 } },
      { type: 'AdjustStock', delta: 5, reason: 'Consegna del fornitore' },
      { type: 'HoldStock', holdId: hold, quantity: 2 },
      { type: 'ReleaseStock', holdId: hold },
    ],
    { world: true },
  ),
  scenario<ProductCommand>(
    'products deleted',
    productStreamId(removed),
    productDecider,
    [{ type: 'CreateProduct', productId: removed, storeId: worldIds.store, globalProductId: null, fields: productFields }],
    [{ type: 'DeleteProduct' }, { type: 'AdjustStock', delta: -3, reason: 'Scarto' }],
  ),
  scenario<GlobalProductCommand>(
    'shared catalogue',
    globalProductStreamId(global),
    globalProductDecider,
    [],
    [
      {
        type: 'CreateGlobalProduct',
        id: global,
        originalStoreId: worldIds.store,
        originalProductId: worldIds.product,
        addedBy: worldIds.shopkeeper,
        fields: { name: 'Pane di Altamura', description: 'Semola', basePriceCents: 450, imageUrl: null, images: [], category: 'panetteria', sku: null, barcode: '8001234567890' },
      },
      { type: 'RecordGlobalProductUse', storeId: worldIds.store, productId: randomUUID(), priceCents: 320 },
      { type: 'CurateGlobalProduct', changes: { name: 'Pane di Altamura DOP', description: 'Semola rimacinata', featured: true, isPopular: true } },
      { type: 'EndGlobalProductUse', productId: worldIds.product },
      { type: 'DeleteGlobalProduct' },
    ],
  ),
  scenario<CategoryCommand>(
    'categories',
    categoryStreamId(randomUUID()),
    categoryDecider,
    [],
    [
      {
        type: 'CreateCategory',
        id: randomUUID(),
        fields: { name: 'Ferramenta', slug: 'ferramenta', description: 'Attrezzi', icon: 'build', color: '#607D8B', parentId: null, sortOrder: 12 },
      },
    ],
  ),
];
