import { randomUUID } from 'node:crypto';
import type { EventStore, Position } from '../eventstore/types.js';
import type { CommandContext } from '../domain/shared/context.js';
import { DomainError } from '../domain/shared/errors.js';
import { handleCommand } from '../domain/shared/handle-command.js';
import { claimUnique, uniqueOwner } from '../domain/shared/uniqueness.js';
import { globalProductDecider, globalProductStreamId } from '../domain/catalog/global-products.js';
import { productDecider, productStreamId, type ProductCommand, type ProductFields } from '../domain/catalog/products.js';

const globalExists = (store: EventStore) => async (id: string): Promise<boolean> =>
  (await store.readStream(globalProductStreamId(id), { maxCount: 1 })).length > 0;

/**
 * Adds a product to a store. A barcode ties it to the shared catalogue: the first store to use a
 * barcode creates its global entry, every later one is recorded as a reuse.
 */
export async function createProduct(
  store: EventStore,
  input: { storeId: string; fields: ProductFields },
  ctx: CommandContext,
): Promise<{ productId: string; globalProductId: string | null; position: Position | null }> {
  const productId = randomUUID();
  const barcode = input.fields.barcode;
  let globalProductId: string | null = null;
  let isNewGlobal = false;
  if (barcode) {
    const candidate = randomUUID();
    isNewGlobal = await claimUnique(store, 'barcode', barcode, candidate, ctx, globalExists(store));
    globalProductId = isNewGlobal ? candidate : await uniqueOwner(store, 'barcode', barcode);
  }
  let { position } = await handleCommand(
    store,
    productStreamId(productId),
    productDecider,
    { type: 'CreateProduct', productId, storeId: input.storeId, globalProductId, fields: input.fields },
    ctx,
  );
  if (globalProductId && barcode) {
    const stream = globalProductStreamId(globalProductId);
    if (isNewGlobal) {
      const f = input.fields;
      await handleCommand(store, stream, globalProductDecider, {
        type: 'CreateGlobalProduct',
        id: globalProductId,
        fields: { name: f.name, description: f.description, basePrice: f.price, imageUrl: f.imageUrl, images: f.images, category: f.category, sku: f.sku, barcode },
        originalStoreId: input.storeId,
        originalProductId: productId,
        addedBy: ctx.actor?.userId ?? null,
      }, ctx);
    }
    position = (await handleCommand(store, stream, globalProductDecider, {
      type: 'RecordGlobalProductUse',
      storeId: input.storeId,
      productId,
      price: input.fields.price,
    }, ctx)).position ?? position;
  }
  return { productId, globalProductId, position };
}

/** Changes a product of `storeId`; another store's product reads as not found. */
export async function changeProduct(
  store: EventStore,
  productId: string,
  storeId: string,
  command: Exclude<ProductCommand, { type: 'CreateProduct' }>,
  ctx: CommandContext,
): Promise<Position | null> {
  const [first] = await store.readStream(productStreamId(productId), { maxCount: 1 });
  if (!first || (first.data as { storeId?: string }).storeId !== storeId) throw new DomainError('Prodotto non trovato.', 404);
  return (await handleCommand(store, productStreamId(productId), productDecider, command, ctx)).position;
}
