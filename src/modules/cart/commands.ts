import { plural } from '../../platform/domain/format.js';
import { randomUUID } from 'node:crypto';
import { cartDecider, cartStreamId, type CartCommand } from './cart.js';
import { productOnSale, type ProductOnSale } from './queries.js';
import type { ReadDb } from '../../platform/db/read.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';

export interface CartDeps {
  store: EventStore;
  db: ReadDb;
}

/** The cart's stream grows with every order: its folded state is kept in memory (handle-command), under this name for the checkout too. */
export const cartCache = { cacheAs: 'cart' } as const;

/** The product as the cart needs it: on sale, in an active shop. */
async function onSale(db: ReadDb, productId: string): Promise<ProductOnSale> {
  const product = await productOnSale(db, productId);
  if (!product) throw new DomainError('Prodotto non disponibile.', 'not-found');
  return product;
}

function checkStock(product: { stock: number; name: string }, quantity: number): void {
  if (quantity > product.stock) {
    throw new DomainError(
      product.stock === 0
        ? `«${product.name}» è esaurito.`
        : `${product.stock === 1 ? 'Disponibile' : 'Disponibili'} solo ${plural(product.stock, 'pezzo', 'pezzi')} di «${product.name}».`,
      'rule',
      {
        quantity: `Disponibili: ${product.stock}.`,
      },
    );
  }
}

export async function addToCart({ store, db }: CartDeps, userId: string, input: { productId: string; quantity: number }, ctx: CommandContext): Promise<Position | null> {
  const product = await onSale(db, input.productId);
  const loaded = await loadState(store, cartStreamId(userId), cartDecider(userId), cartCache.cacheAs);
  const already = loaded.state.lines.find((l) => l.productId === input.productId)?.quantity ?? 0;
  checkStock(product, already + input.quantity);
  const command: CartCommand = { type: 'AddCartItem', itemId: randomUUID(), productId: input.productId, storeId: product.storeId, quantity: input.quantity };
  return (await handleCommand(store, cartStreamId(userId), cartDecider(userId), command, ctx, { ...cartCache, loaded })).position;
}

export async function changeCartItem({ store, db }: CartDeps, userId: string, input: { itemId: string; quantity: number }, ctx: CommandContext): Promise<Position | null> {
  const loaded = await loadState(store, cartStreamId(userId), cartDecider(userId), cartCache.cacheAs);
  const line = loaded.state.lines.find((l) => l.itemId === input.itemId);
  if (!line) throw new DomainError('Articolo non presente nel carrello.', 'not-found');
  if (input.quantity > line.quantity) checkStock(await onSale(db, line.productId), input.quantity);
  return (
    await handleCommand(store, cartStreamId(userId), cartDecider(userId), { type: 'ChangeCartItemQuantity', itemId: input.itemId, quantity: input.quantity }, ctx, {
      ...cartCache,
      loaded,
    })
  ).position;
}

export async function removeCartItem({ store }: CartDeps, userId: string, itemId: string, ctx: CommandContext): Promise<Position | null> {
  return (await handleCommand(store, cartStreamId(userId), cartDecider(userId), { type: 'RemoveCartItem', itemId }, ctx, cartCache)).position;
}

export async function clearCart({ store }: CartDeps, userId: string, ctx: CommandContext): Promise<Position | null> {
  return (await handleCommand(store, cartStreamId(userId), cartDecider(userId), { type: 'ClearCart' }, ctx, cartCache)).position;
}
