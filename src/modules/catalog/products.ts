import { plural } from '../../platform/domain/format.js';
import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';
import { checkInteger, MAX_PRICE_CENTS, MAX_STOCK } from '../../platform/domain/limits.js';
import { formatCents, isWholeCents, type Cents } from '../../platform/domain/money.js';

export const productStreamId = (productId: string): string => `product-${productId}`;

export type ProductStatus = 'active' | 'inactive' | 'pending';

/** What a shopkeeper says about a product (spec §3 products). */
export interface ProductFields {
  name: string;
  description: string;
  priceCents: Cents;
  stockQuantity: number;
  imageUrl: string | null;
  images: string[];
  defaultImageIndex: number;
  pdfUrl: string | null;
  category: string | null;
  sku: string | null;
  barcode: string | null;
  status: ProductStatus;
  featured: boolean;
  onSale: boolean;
}

export type ProductCommand =
  | { type: 'CreateProduct'; productId: string; storeId: string; globalProductId: string | null; fields: ProductFields }
  | { type: 'UpdateProduct'; changes: Partial<Omit<ProductFields, 'stockQuantity'>> }
  | { type: 'AdjustStock'; delta: number; reason: string }
  | { type: 'DeleteProduct' }
  /**
   * Sets units aside for an order or a reservation (`holdId`: "order:<id>" or "reservation:<id>").
   * Holding again while the hold is in force changes nothing, so a retried checkout never takes
   * twice; a hold given back (a checkout refused for another line) can be taken again.
   */
  | { type: 'HoldStock'; holdId: string; quantity: number }
  /** Gives a hold's units back (a cancelled order, an expired reservation); nothing if none is held. */
  | { type: 'ReleaseStock'; holdId: string };

export type ProductEvent =
  | DomainEvent<'ProductCreated', { productId: string; storeId: string; globalProductId: string | null; fields: ProductFields }>
  | DomainEvent<'ProductUpdated', { changes: Partial<Omit<ProductFields, 'stockQuantity'>> }>
  | DomainEvent<'ProductStockAdjusted', { delta: number; reason: string; stockAfter: number }>
  | DomainEvent<'ProductDeleted', Record<string, never>>
  | DomainEvent<'ProductStockHeld', { holdId: string; quantity: number; stockAfter: number }>
  | DomainEvent<'ProductStockReleased', { holdId: string; quantity: number; stockAfter: number }>;

export interface ProductState {
  exists: boolean;
  deleted: boolean;
  storeId: string;
  stock: number;
  fields: ProductFields | null;
  /** Units set aside per hold; 0 once given back. */
  holds: Readonly<Record<string, number>>;
  /** How many times each hold was given back: the round a new hold or release of it belongs to. */
  releases: Readonly<Record<string, number>>;
}

/**
 * Event-id parts for the hold's next event. A hold given back and taken again is a new round
 * whose events need ids of their own: the store keeps one copy per event id, so reusing the first
 * round's ids would silently store nothing. The first round keeps the plain ids.
 */
export function holdRound(state: ProductState, holdId: string): string[] {
  const round = state.releases[holdId] ?? 0;
  return round ? [String(round)] : [];
}

/** Price rule of spec §3/issue: more than zero, whole cents (at most two decimals in euros), within the limit. */
export function checkPrice(priceCents: Cents): void {
  if (!isWholeCents(priceCents) || !(priceCents > 0)) {
    throw new DomainError('Il prezzo deve essere maggiore di zero, con al massimo due decimali.', 'rule', {
      price: 'Il prezzo deve essere maggiore di zero, con al massimo due decimali.',
    });
  }
  if (priceCents > MAX_PRICE_CENTS)
    throw new DomainError(`Il prezzo non può superare ${formatCents(MAX_PRICE_CENTS)}.`, 'rule', { price: `Al massimo ${formatCents(MAX_PRICE_CENTS)}.` });
}

function checkStock(stock: number): void {
  if (!Number.isSafeInteger(stock) || stock < 0) {
    throw new DomainError('La quantità in magazzino non può essere negativa.', 'rule', { stockQuantity: 'La quantità in magazzino non può essere negativa.' });
  }
  if (stock > MAX_STOCK) {
    const message = `Il magazzino può contenere al massimo ${MAX_STOCK.toLocaleString('it-IT')} pezzi.`;
    throw new DomainError(message, 'rule', { stockQuantity: message });
  }
}

/** The numbers of a product's fields other than price and stock. */
function checkFields(fields: Partial<ProductFields>): void {
  if (fields.defaultImageIndex !== undefined) checkInteger('defaultImageIndex', 'Immagine principale', fields.defaultImageIndex, { min: 0, max: 9 });
}

export const productDecider: Decider<ProductCommand, ProductEvent, ProductState> = {
  initialState: { exists: false, deleted: false, storeId: '', stock: 0, fields: null, holds: {}, releases: {} },

  decide(command, state) {
    if (command.type === 'CreateProduct') {
      if (state.exists) throw new DomainError('Il prodotto esiste già.', 'conflict');
      checkPrice(command.fields.priceCents);
      checkStock(command.fields.stockQuantity);
      checkFields(command.fields);
      const { type: _type, ...data } = command;
      return [{ type: 'ProductCreated', data }];
    }
    // Giving back is always possible, even for a product deleted since the order.
    if (command.type === 'ReleaseStock') {
      const quantity = state.holds[command.holdId];
      return quantity ? [{ type: 'ProductStockReleased', data: { holdId: command.holdId, quantity, stockAfter: state.stock + quantity } }] : [];
    }
    if (!state.exists || state.deleted || !state.fields) throw new DomainError('Prodotto non trovato.', 'not-found');
    switch (command.type) {
      case 'HoldStock': {
        if (state.holds[command.holdId]) return [];
        if (!Number.isSafeInteger(command.quantity) || command.quantity < 1) throw new DomainError('La quantità deve essere un numero intero positivo.', 'rule');
        if (command.quantity > state.stock) {
          const left = state.stock === 0 ? 'è esaurito' : state.stock === 1 ? 'ne resta 1' : `ne restano ${state.stock}`;
          throw new DomainError(`Disponibilità insufficiente per «${state.fields.name}»: ${left}.`, 'conflict');
        }
        return [{ type: 'ProductStockHeld', data: { holdId: command.holdId, quantity: command.quantity, stockAfter: state.stock - command.quantity } }];
      }
      case 'UpdateProduct': {
        if (command.changes.priceCents !== undefined) checkPrice(command.changes.priceCents);
        checkFields(command.changes);
        const current = state.fields;
        const changes = Object.fromEntries(
          Object.entries(command.changes).filter(([k, v]) => v !== undefined && JSON.stringify(current[k as keyof ProductFields]) !== JSON.stringify(v)),
        );
        return Object.keys(changes).length ? [{ type: 'ProductUpdated', data: { changes } }] : [];
      }
      case 'AdjustStock': {
        if (!Number.isSafeInteger(command.delta) || command.delta === 0) {
          throw new DomainError('La variazione di magazzino deve essere un numero intero diverso da zero.', 'rule');
        }
        const stockAfter = state.stock + command.delta;
        if (stockAfter < 0) {
          throw new DomainError(
            `${state.stock === 1 ? 'Disponibile' : 'Disponibili'} solo ${plural(state.stock, 'pezzo', 'pezzi')}: il magazzino non può andare sotto zero.`,
            'rule',
          );
        }
        if (stockAfter > MAX_STOCK) {
          const room = Math.max(0, MAX_STOCK - state.stock);
          throw new DomainError(
            `Il magazzino può contenere al massimo ${MAX_STOCK.toLocaleString('it-IT')} pezzi: puoi aggiungerne ancora ${room.toLocaleString('it-IT')}.`,
            'rule',
            { delta: `Al massimo +${room.toLocaleString('it-IT')}.` },
          );
        }
        return [{ type: 'ProductStockAdjusted', data: { delta: command.delta, reason: command.reason, stockAfter } }];
      }
      case 'DeleteProduct':
        return [{ type: 'ProductDeleted', data: {} }];
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ProductCreated':
        return { exists: true, deleted: false, storeId: event.data.storeId, stock: event.data.fields.stockQuantity, fields: event.data.fields, holds: {}, releases: {} };
      case 'ProductUpdated':
        return { ...state, fields: state.fields && { ...state.fields, ...event.data.changes } };
      case 'ProductStockAdjusted':
        return { ...state, stock: event.data.stockAfter };
      case 'ProductDeleted':
        return { ...state, deleted: true };
      case 'ProductStockHeld':
        return { ...state, stock: event.data.stockAfter, holds: { ...state.holds, [event.data.holdId]: event.data.quantity } };
      case 'ProductStockReleased': {
        const { holdId } = event.data;
        return {
          ...state,
          stock: event.data.stockAfter,
          holds: { ...state.holds, [holdId]: 0 },
          releases: { ...state.releases, [holdId]: (state.releases[holdId] ?? 0) + 1 },
        };
      }
      default:
        return state;
    }
  },
};
