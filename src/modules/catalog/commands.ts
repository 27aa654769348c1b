import { randomUUID } from 'node:crypto';
import type { EventStore, Position } from '../../platform/eventstore/types.js';
import type { CommandContext } from '../../platform/domain/context.js';
import { DomainError } from '../../platform/domain/errors.js';
import { handleCommand, handleTogether, loadState } from '../../platform/commands/handle-command.js';
import { claimUnique, uniqueOwner } from '../../platform/commands/uniqueness.js';
import { globalProductDecider, globalProductStreamId, type GlobalProductCommand, type GlobalProductCuration } from './global-products.js';
import { productDecider, productStreamId, type ProductCommand, type ProductFields } from './products.js';

const globalExists =
  (store: EventStore) =>
  async (id: string): Promise<boolean> =>
    (await store.readStream(globalProductStreamId(id), { maxCount: 1 })).length > 0;

/** Products' folded states are kept in memory (a popular product's stream is long); orders share it. */
const productCache = { cacheAs: 'product' } as const;

const onGlobal = (store: EventStore, globalProductId: string, command: GlobalProductCommand, ctx: CommandContext) =>
  handleCommand(store, globalProductStreamId(globalProductId), globalProductDecider, command, ctx, { cacheAs: 'global-product' });

/**
 * The shared catalogue entry of `barcode`, created from this product when there is none. The
 * barcode is claimed for the first store; every store then sends the creation, which does nothing
 * once it exists: a store racing the first one, or coming after a first one that failed halfway,
 * never ties its product to an entry that does not exist.
 */
async function globalProductFor(store: EventStore, barcode: string, product: { storeId: string; productId: string; fields: ProductFields }, ctx: CommandContext): Promise<string> {
  const candidate = randomUUID();
  const id = (await claimUnique(store, 'barcode', barcode, candidate, ctx, globalExists(store))) ? candidate : await uniqueOwner(store, 'barcode', barcode);
  if (!id) throw new DomainError('Il codice a barre è stato appena modificato da un’altra richiesta: riprova.', 'conflict');
  const f = product.fields;
  await onGlobal(
    store,
    id,
    {
      type: 'CreateGlobalProduct',
      id,
      fields: { name: f.name, description: f.description, basePriceCents: f.priceCents, imageUrl: f.imageUrl, images: f.images, category: f.category, sku: f.sku, barcode },
      originalStoreId: product.storeId,
      originalProductId: product.productId,
      addedBy: ctx.actor?.userId ?? null,
    },
    ctx,
  );
  return id;
}

/** The entry a product's barcode belongs to: a barcode's claim is never given back. */
const globalOfBarcode = (store: EventStore, barcode: string | null | undefined) => (barcode ? uniqueOwner(store, 'barcode', barcode) : Promise.resolve(null));

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
  const create = { type: 'CreateProduct' as const, productId, storeId: input.storeId, globalProductId: null, fields: input.fields };
  // Every rule of the product first: a refused product must not claim its barcode.
  productDecider.decide(create, productDecider.initialState);
  const barcode = input.fields.barcode;
  const globalProductId = barcode ? await globalProductFor(store, barcode, { ...input, productId }, ctx) : null;
  let { position } = await handleCommand(store, productStreamId(productId), productDecider, { ...create, globalProductId }, ctx);
  if (globalProductId) {
    const used = await onGlobal(store, globalProductId, { type: 'RecordGlobalProductUse', storeId: input.storeId, productId, priceCents: input.fields.priceCents }, ctx);
    position = used.position ?? position;
  }
  return { productId, globalProductId, position };
}

/**
 * Several products of a store at once, none with a barcode (the demo seed's catalogues): each
 * decided as `createProduct` decides it, all appended together (one round trip where the store
 * can) or none. The position of the last, or null when there were none.
 */
export async function createProducts(store: EventStore, input: { storeId: string; products: ProductFields[] }, ctx: CommandContext): Promise<Position | null> {
  if (input.products.some((fields) => fields.barcode)) throw new Error('createProducts: a product with a barcode joins its shared entry through createProduct.');
  return handleTogether(
    store,
    async () =>
      input.products.map((fields) => {
        const productId = randomUUID();
        const command: ProductCommand = { type: 'CreateProduct', productId, storeId: input.storeId, globalProductId: null, fields };
        return { streamId: productStreamId(productId), decider: productDecider, command, loaded: { state: productDecider.initialState, revision: -1 } };
      }),
    ctx,
  );
}

/**
 * Changes a product of `storeId`; another store's product reads as not found. A new barcode
 * moves the product to that barcode's shared entry, and a deleted product stops counting as a use.
 */
export async function changeProduct(
  store: EventStore,
  productId: string,
  storeId: string,
  command: Exclude<ProductCommand, { type: 'CreateProduct' }>,
  ctx: CommandContext,
): Promise<Position | null> {
  const streamId = productStreamId(productId);
  const { state } = await loadState(store, streamId, productDecider, productCache.cacheAs);
  if (!state.exists || state.storeId !== storeId) throw new DomainError('Prodotto non trovato.', 'not-found');
  const before = state.fields?.barcode ?? null;
  const after = command.type === 'UpdateProduct' && command.changes.barcode !== undefined ? command.changes.barcode : before;
  const barcodeMoves = command.type === 'DeleteProduct' || after !== before;
  if (!barcodeMoves) return (await handleCommand(store, streamId, productDecider, command, ctx, productCache)).position;

  // Every rule of the change first, so a refused change touches no shared entry.
  productDecider.decide(command, state);
  const fields = { ...state.fields!, ...(command.type === 'UpdateProduct' ? command.changes : {}) };
  const next = command.type === 'UpdateProduct' && after ? await globalProductFor(store, after, { storeId, productId, fields }, ctx) : null;
  let { position } = await handleCommand(store, streamId, productDecider, command, ctx, productCache);
  const previous = await globalOfBarcode(store, before);
  if (previous && previous !== next) position = (await onGlobal(store, previous, { type: 'EndGlobalProductUse', productId }, ctx)).position ?? position;
  if (next) {
    const used = await onGlobal(store, next, { type: 'RecordGlobalProductUse', storeId, productId, priceCents: fields.priceCents }, ctx);
    position = used.position ?? position;
  }
  return position;
}

/** An admin's curation of a shared catalogue entry (docs/api-admin.md); null when nothing changed. */
export async function curateGlobalProduct(store: EventStore, globalProductId: string, changes: Partial<GlobalProductCuration>, ctx: CommandContext): Promise<Position | null> {
  return (await onGlobal(store, globalProductId, { type: 'CurateGlobalProduct', changes }, ctx)).position;
}

/** Takes an entry out of the shared catalogue (the products using it lose the link, keep their data). */
export async function deleteGlobalProduct(store: EventStore, globalProductId: string, ctx: CommandContext): Promise<Position | null> {
  return (await onGlobal(store, globalProductId, { type: 'DeleteGlobalProduct' }, ctx)).position;
}
