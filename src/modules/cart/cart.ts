import type { Decider, DomainEvent } from '../../platform/domain/decider.js';
import { DomainError } from '../../platform/domain/errors.js';

export const cartStreamId = (userId: string): string => `cart-${userId}`;

/** The most of one product a cart line holds. */
export const maxLineQuantity = 99;

export interface CartLine {
  itemId: string;
  productId: string;
  storeId: string;
  quantity: number;
}

export type CartCommand =
  | { type: 'AddCartItem'; itemId: string; productId: string; storeId: string; quantity: number }
  | { type: 'ChangeCartItemQuantity'; itemId: string; quantity: number }
  | { type: 'RemoveCartItem'; itemId: string }
  | { type: 'ClearCart' }
  /** The lines of these stores became orders. */
  | { type: 'CheckOutCart'; storeIds: string[]; orderIds: string[] };

export type CartEvent =
  | DomainEvent<'CartItemAdded', { userId: string; itemId: string; productId: string; storeId: string; quantity: number }>
  | DomainEvent<'CartItemQuantityChanged', { userId: string; itemId: string; quantity: number }>
  | DomainEvent<'CartItemRemoved', { userId: string; itemId: string }>
  | DomainEvent<'CartCleared', { userId: string }>
  | DomainEvent<'CartCheckedOut', { userId: string; storeIds: string[]; orderIds: string[] }>;

export interface CartState {
  lines: CartLine[];
}

function checkQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > maxLineQuantity) {
    throw new DomainError(`La quantità deve essere un numero intero da 1 a ${maxLineQuantity}.`, 'rule', { quantity: `Da 1 a ${maxLineQuantity}.` });
  }
}

/** A customer's cart: one line per product, across as many shops as they like. */
export function cartDecider(userId: string): Decider<CartCommand, CartEvent, CartState> {
  const lineOf = (state: CartState, itemId: string) => {
    const line = state.lines.find((l) => l.itemId === itemId);
    if (!line) throw new DomainError('Articolo non presente nel carrello.', 'not-found');
    return line;
  };
  return {
    initialState: { lines: [] },
    decide(command, state) {
      switch (command.type) {
        case 'AddCartItem': {
          checkQuantity(command.quantity);
          const existing = state.lines.find((l) => l.productId === command.productId);
          if (existing) {
            const quantity = existing.quantity + command.quantity;
            // Never cut to the most a line holds in silence: say how many more fit.
            if (quantity > maxLineQuantity) {
              const room = maxLineQuantity - existing.quantity;
              throw new DomainError(
                `Nel carrello ne hai già ${existing.quantity}: una riga arriva al massimo a ${maxLineQuantity} pezzi${room > 0 ? `, puoi aggiungerne ancora ${room}` : ''}.`,
                'rule',
                { quantity: room > 0 ? `Al massimo ${room}.` : `Hai già ${maxLineQuantity} pezzi nel carrello.` },
              );
            }
            return [{ type: 'CartItemQuantityChanged', data: { userId, itemId: existing.itemId, quantity } }];
          }
          const { itemId, productId, storeId, quantity } = command;
          return [{ type: 'CartItemAdded', data: { userId, itemId, productId, storeId, quantity } }];
        }
        case 'ChangeCartItemQuantity': {
          checkQuantity(command.quantity);
          const line = lineOf(state, command.itemId);
          return line.quantity === command.quantity ? [] : [{ type: 'CartItemQuantityChanged', data: { userId, itemId: line.itemId, quantity: command.quantity } }];
        }
        case 'RemoveCartItem':
          lineOf(state, command.itemId);
          return [{ type: 'CartItemRemoved', data: { userId, itemId: command.itemId } }];
        case 'ClearCart':
          return state.lines.length ? [{ type: 'CartCleared', data: { userId } }] : [];
        case 'CheckOutCart':
          return state.lines.some((l) => command.storeIds.includes(l.storeId))
            ? [{ type: 'CartCheckedOut', data: { userId, storeIds: command.storeIds, orderIds: command.orderIds } }]
            : [];
      }
    },
    evolve(state, event) {
      switch (event.type) {
        case 'CartItemAdded': {
          const { itemId, productId, storeId, quantity } = event.data;
          return { lines: [...state.lines, { itemId, productId, storeId, quantity }] };
        }
        case 'CartItemQuantityChanged':
          return { lines: state.lines.map((l) => (l.itemId === event.data.itemId ? { ...l, quantity: event.data.quantity } : l)) };
        case 'CartItemRemoved':
          return { lines: state.lines.filter((l) => l.itemId !== event.data.itemId) };
        case 'CartCleared':
          return { lines: [] };
        case 'CartCheckedOut':
          return { lines: state.lines.filter((l) => !event.data.storeIds.includes(l.storeId)) };
        default:
          return state;
      }
    },
  };
}
