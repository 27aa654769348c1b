import type { ProductFields } from '../../src/modules/catalog/products.js';

/**
 * A product's fields as a shopkeeper creates it, on sale: no pictures, no PDF, no category, no
 * codes, neither featured nor on offer. `changes` give it its name, price and stock.
 */
export function productFields(changes: Partial<ProductFields> = {}): ProductFields {
  return {
    name: 'Farina',
    description: '',
    priceCents: 120,
    stockQuantity: 3,
    imageUrl: null,
    images: [],
    defaultImageIndex: 0,
    pdfUrl: null,
    category: null,
    sku: null,
    barcode: null,
    status: 'active',
    featured: false,
    onSale: false,
    ...changes,
  };
}
