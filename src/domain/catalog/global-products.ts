import type { Decider, DomainEvent } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';

export const globalProductStreamId = (id: string): string => `global-product-${id}`;

/** The shared catalogue entry of a barcode: what the first store told about it. */
export interface GlobalProductFields {
  name: string;
  description: string;
  basePrice: number | null;
  imageUrl: string | null;
  images: string[];
  category: string | null;
  sku: string | null;
  barcode: string;
}

export type GlobalProductCommand =
  | { type: 'CreateGlobalProduct'; id: string; fields: GlobalProductFields; originalStoreId: string; originalProductId: string; addedBy: string | null }
  | { type: 'RecordGlobalProductUse'; storeId: string; productId: string; price: number };

export type GlobalProductEvent =
  | DomainEvent<'GlobalProductCreated', { id: string; fields: GlobalProductFields; originalStoreId: string; originalProductId: string; addedBy: string | null }>
  | DomainEvent<'GlobalProductUsed', { storeId: string; productId: string; price: number }>;

export const globalProductDecider: Decider<GlobalProductCommand, GlobalProductEvent, { exists: boolean }> = {
  initialState: { exists: false },
  decide(command, state) {
    if (command.type === 'CreateGlobalProduct') {
      if (state.exists) return [];
      const { type: _type, ...data } = command;
      return [{ type: 'GlobalProductCreated', data }];
    }
    if (!state.exists) throw new DomainError('Prodotto del catalogo condiviso non trovato.', 404);
    const { type: _type, ...data } = command;
    return [{ type: 'GlobalProductUsed', data }];
  },
  evolve(state, event) {
    return event.type === 'GlobalProductCreated' ? { exists: true } : state;
  },
};
