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
  /** Nothing when it exists already: every store adding the barcode sends it, the first one wins. */
  | { type: 'CreateGlobalProduct'; id: string; fields: GlobalProductFields; originalStoreId: string; originalProductId: string; addedBy: string | null }
  /** A store's product now carries the barcode; nothing when that product already does. */
  | { type: 'RecordGlobalProductUse'; storeId: string; productId: string; price: number }
  /** The product was deleted or its barcode changed; nothing when it was not using it. */
  | { type: 'EndGlobalProductUse'; productId: string };

export type GlobalProductEvent =
  | DomainEvent<'GlobalProductCreated', { id: string; fields: GlobalProductFields; originalStoreId: string; originalProductId: string; addedBy: string | null }>
  | DomainEvent<'GlobalProductUsed', { storeId: string; productId: string; price: number }>
  | DomainEvent<'GlobalProductUseEnded', { storeId: string; productId: string }>;

export interface GlobalProductState {
  exists: boolean;
  /** The store of each product using the barcode now. */
  users: Readonly<Record<string, string>>;
}

export const globalProductDecider: Decider<GlobalProductCommand, GlobalProductEvent, GlobalProductState> = {
  initialState: { exists: false, users: {} },
  decide(command, state) {
    if (command.type === 'CreateGlobalProduct') {
      if (state.exists) return [];
      const { type: _type, ...data } = command;
      return [{ type: 'GlobalProductCreated', data }];
    }
    if (!state.exists) throw new DomainError('Prodotto del catalogo condiviso non trovato.', 404);
    if (command.type === 'EndGlobalProductUse') {
      const storeId = state.users[command.productId];
      return storeId ? [{ type: 'GlobalProductUseEnded', data: { storeId, productId: command.productId } }] : [];
    }
    if (state.users[command.productId]) return [];
    const { type: _type, ...data } = command;
    return [{ type: 'GlobalProductUsed', data }];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'GlobalProductCreated':
        return { ...state, exists: true };
      case 'GlobalProductUsed':
        return { ...state, users: { ...state.users, [event.data.productId]: event.data.storeId } };
      case 'GlobalProductUseEnded': {
        const { [event.data.productId]: _ended, ...users } = state.users;
        return { ...state, users };
      }
      default:
        return state;
    }
  },
};
