import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { cartDecider, cartStreamId, type CartCommand } from './cart.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { handleCommand, loadState } from '../../platform/commands/handle-command.js';
import type { EventStore, Position } from '../../platform/eventstore/types.js';

export interface CartDeps {
  store: EventStore;
  pool: pg.Pool;
}

/** The cart's stream grows with every order: its folded state is kept in memory (handle-command), under this name for the checkout too. */
export const cartCache = { cacheAs: 'cart' } as const;

/** The product as the cart needs it: on sale, in an active shop. */
async function productOnSale(pool: pg.Pool, productId: string): Promise<{ storeId: string; stock: number; name: string }> {
  const { rows } = await pool.query<{ store_id: string; stock_quantity: number; name: string }>(
    "SELECT store_id, stock_quantity, name FROM products WHERE id = $1 AND status = 'active' AND NOT is_deleted AND store_active",
    [productId],
  );
  if (!rows[0]) throw new DomainError('Prodotto non disponibile.', 'not-found');
  return { storeId: rows[0].store_id, stock: rows[0].stock_quantity, name: rows[0].name };
}

function checkStock(product: { stock: number; name: string }, quantity: number): void {
  if (quantity > product.stock) {
    throw new DomainError(
      product.stock === 0 ? `«${product.name}» è esaurito.` : `Disponibili solo ${product.stock} pezzi di «${product.name}».`,
      'rule',
      { quantity: `Disponibili: ${product.stock}.` },
    );
  }
}

export async function addToCart({ store, pool }: CartDeps, userId: string, input: { productId: string; quantity: number }, ctx: CommandContext): Promise<Position | null> {
  const product = await productOnSale(pool, input.productId);
  const loaded = await loadState(store, cartStreamId(userId), cartDecider(userId), cartCache.cacheAs);
  const already = loaded.state.lines.find((l) => l.productId === input.productId)?.quantity ?? 0;
  checkStock(product, already + input.quantity);
  const command: CartCommand = { type: 'AddCartItem', itemId: randomUUID(), productId: input.productId, storeId: product.storeId, quantity: input.quantity };
  return (await handleCommand(store, cartStreamId(userId), cartDecider(userId), command, ctx, { ...cartCache, loaded })).position;
}

export async function changeCartItem({ store, pool }: CartDeps, userId: string, input: { itemId: string; quantity: number }, ctx: CommandContext): Promise<Position | null> {
  const loaded = await loadState(store, cartStreamId(userId), cartDecider(userId), cartCache.cacheAs);
  const line = loaded.state.lines.find((l) => l.itemId === input.itemId);
  if (!line) throw new DomainError('Articolo non presente nel carrello.', 'not-found');
  if (input.quantity > line.quantity) checkStock(await productOnSale(pool, line.productId), input.quantity);
  return (await handleCommand(store, cartStreamId(userId), cartDecider(userId), { type: 'ChangeCartItemQuantity', itemId: input.itemId, quantity: input.quantity }, ctx, { ...cartCache, loaded })).position;
}

export async function removeCartItem({ store }: CartDeps, userId: string, itemId: string, ctx: CommandContext): Promise<Position | null> {
  return (await handleCommand(store, cartStreamId(userId), cartDecider(userId), { type: 'RemoveCartItem', itemId }, ctx, cartCache)).position;
}

export async function clearCart({ store }: CartDeps, userId: string, ctx: CommandContext): Promise<Position | null> {
  return (await handleCommand(store, cartStreamId(userId), cartDecider(userId), { type: 'ClearCart' }, ctx, cartCache)).position;
}

