import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkAmount, MAX_PRICE_CENTS } from '../../platform/domain/limits.js';
import type { Cents } from '../../platform/domain/money.js';

export const globalProductStreamId = (id: string): string => `global-product-${id}`;

/** The shared catalogue entry of a barcode: what the first store told about it. */
export interface GlobalProductFields {
  name: string;
  description: string;
  basePriceCents: Cents | null;
  imageUrl: string | null;
  images: string[];
  category: string | null;
  sku: string | null;
  barcode: string;
}

export type GlobalProductStatus = 'active' | 'inactive' | 'pending';

/**
 * What an admin curates of an entry. `isPopular` null leaves popularity to the stores' reuse
 * (five or more); true or false is the admin's choice and wins.
 */
export interface GlobalProductCuration {
  name: string;
  description: string;
  category: string | null;
  status: GlobalProductStatus;
  featured: boolean;
  isPopular: boolean | null;
}

export type GlobalProductCommand =
  /** Nothing when it exists already: every store adding the barcode sends it, the first one wins. */
  | { type: 'CreateGlobalProduct'; id: string; fields: GlobalProductFields; originalStoreId: string; originalProductId: string; addedBy: string | null }
  /** A store's product now carries the barcode; nothing when that product already does. */
  | { type: 'RecordGlobalProductUse'; storeId: string; productId: string; priceCents: Cents }
  /** The product was deleted or its barcode changed; nothing when it was not using it. */
  | { type: 'EndGlobalProductUse'; productId: string }
  /** An admin's curation; only what differs from the entry is recorded, nothing when nothing does. */
  | { type: 'CurateGlobalProduct'; changes: Partial<GlobalProductCuration> }
  /**
   * An admin takes the entry out of the shared catalogue: the products using it keep their own
   * data and lose the link; a store adding the barcode later starts the entry afresh.
   */
  | { type: 'DeleteGlobalProduct' };

export type GlobalProductEvent =
  | DomainEvent<'GlobalProductCreated', { id: string; fields: GlobalProductFields; originalStoreId: string; originalProductId: string; addedBy: string | null }>
  | DomainEvent<'GlobalProductUsed', { storeId: string; productId: string; priceCents: Cents }>
  | DomainEvent<'GlobalProductUseEnded', { storeId: string; productId: string }>
  | DomainEvent<'GlobalProductCurated', { changes: Partial<GlobalProductCuration> }>
  | DomainEvent<'GlobalProductDeleted', Record<string, never>>;

export interface GlobalProductState {
  exists: boolean;
  /** The store of each product using the barcode now. */
  users: Readonly<Record<string, string>>;
  curation: GlobalProductCuration;
}

const uncurated: GlobalProductCuration = { name: '', description: '', category: null, status: 'active', featured: false, isPopular: null };

function checkCuration(changes: Partial<GlobalProductCuration>): void {
  if (changes.name !== undefined && changes.name.trim() === '') {
    throw new DomainError('Il nome del prodotto è obbligatorio.', 'rule', { name: 'Il nome del prodotto è obbligatorio.' });
  }
}

export const globalProductDecider: Decider<GlobalProductCommand, GlobalProductEvent, GlobalProductState> = {
  initialState: { exists: false, users: {}, curation: uncurated },
  decide(command, state) {
    if (command.type === 'CreateGlobalProduct') {
      if (state.exists) return [];
      if (command.fields.basePriceCents !== null) checkAmount('basePrice', 'Prezzo di riferimento', command.fields.basePriceCents, { min: 1, max: MAX_PRICE_CENTS });
      // A deleted entry's barcode stays claimed by it: the next store to add it creates it again.
      const { type: _type, ...data } = command;
      return [{ type: 'GlobalProductCreated', data }];
    }
    // A product leaving a deleted entry has nothing to leave: it lost the link with the deletion.
    if (!state.exists && command.type === 'EndGlobalProductUse') return [];
    if (!state.exists) throw new DomainError('Prodotto del catalogo condiviso non trovato.', 'not-found');
    if (command.type === 'CurateGlobalProduct') {
      checkCuration(command.changes);
      const changes = Object.fromEntries(
        Object.entries(command.changes).filter(([k, v]) => v !== undefined && state.curation[k as keyof GlobalProductCuration] !== v),
      ) as Partial<GlobalProductCuration>;
      return Object.keys(changes).length ? [{ type: 'GlobalProductCurated', data: { changes } }] : [];
    }
    if (command.type === 'DeleteGlobalProduct') {
      const ended = Object.entries(state.users).map(([productId, storeId]): GlobalProductEvent => ({ type: 'GlobalProductUseEnded', data: { storeId, productId } }));
      return [...ended, { type: 'GlobalProductDeleted', data: {} }];
    }
    if (command.type === 'EndGlobalProductUse') {
      const storeId = state.users[command.productId];
      return storeId ? [{ type: 'GlobalProductUseEnded', data: { storeId, productId: command.productId } }] : [];
    }
    if (state.users[command.productId]) return [];
    checkAmount('price', 'Prezzo', command.priceCents, { min: 1, max: MAX_PRICE_CENTS });
    const { type: _type, ...data } = command;
    return [{ type: 'GlobalProductUsed', data }];
  },
  evolve(state, event) {
    switch (event.type) {
      case 'GlobalProductCreated': {
        const { name, description, category } = event.data.fields;
        return { ...state, exists: true, curation: { ...uncurated, name, description, category } };
      }
      case 'GlobalProductCurated':
        return { ...state, curation: { ...state.curation, ...event.data.changes } };
      case 'GlobalProductUsed':
        return { ...state, users: { ...state.users, [event.data.productId]: event.data.storeId } };
      case 'GlobalProductUseEnded': {
        const { [event.data.productId]: _ended, ...users } = state.users;
        return { ...state, users };
      }
      case 'GlobalProductDeleted':
        return { ...state, exists: false, users: {}, curation: uncurated };
      default:
        return state;
    }
  },
};
