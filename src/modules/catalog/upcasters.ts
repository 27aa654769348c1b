import { eurosToCents, within, type Upcaster } from '../../platform/eventstore/upcasting.js';

/**
 * The catalogue's events written before money became cents (tests/fixtures/log-before-cents.ndjson):
 * their prices in euros, read as today's cents fields.
 */
export const catalogUpcasters: Record<string, Upcaster> = {
  ProductCreated: within('fields', (fields) => eurosToCents(fields, 'price', 'priceCents')),
  ProductUpdated: within('changes', (changes) => eurosToCents(changes, 'price', 'priceCents')),
  GlobalProductCreated: within('fields', (fields) => eurosToCents(fields, 'basePrice', 'basePriceCents')),
  GlobalProductUsed: (data) => eurosToCents(data, 'price', 'priceCents'),
};
