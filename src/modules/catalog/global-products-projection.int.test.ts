import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { globalProductDecider, globalProductStreamId, type GlobalProductCommand } from './global-products.js';
import { globalProductsProjection } from './global-products-projection.js';

const spec = useProjection(globalProductsProjection);
const log = new EventLog();
const globalProduct = (id: string, command: GlobalProductCommand) => log.decide(globalProductStreamId(id), globalProductDecider, command);

function created(id: string, barcode: string, storeId = randomUUID()) {
  return globalProduct(id, {
    type: 'CreateGlobalProduct',
    id,
    originalStoreId: storeId,
    originalProductId: randomUUID(),
    addedBy: null,
    fields: { name: 'Passata di pomodoro', description: 'Bottiglia da 700 g', basePriceCents: 190, imageUrl: null, images: [], category: 'alimentari', sku: null, barcode },
  });
}
const use = (id: string, storeId: string, productId: string, priceCents = 210) => globalProduct(id, { type: 'RecordGlobalProductUse', storeId, productId, priceCents });

const entry = async (id: string) =>
  (
    await spec.rows(
      `SELECT name, description, base_price_cents, category, barcode, status, featured, is_deleted, store_count, total_usage, popularity_score,
         is_popular, popular_override, last_used FROM global_products WHERE id = $1`,
      [id],
    )
  )[0];
const uses = (id: string) =>
  spec.rows('SELECT store_id, product_id, custom_price_cents, usage_count, status FROM global_product_usage WHERE global_product_id = $1 ORDER BY first_used', [id]);

describe('global-products projection', () => {
  it('adds an entry, counts the stores and products using it, and ends a use', async () => {
    const id = randomUUID();
    const barcode = `80${Date.now()}`.slice(0, 13);
    const [s1, s2, p1, p2, p3] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await spec.apply(created(id, barcode));
    expect(await entry(id)).toEqual({
      name: 'Passata di pomodoro',
      description: 'Bottiglia da 700 g',
      base_price_cents: 190,
      category: 'alimentari',
      barcode,
      status: 'active',
      featured: false,
      is_deleted: false,
      store_count: 0,
      total_usage: 0,
      popularity_score: 0,
      is_popular: false,
      popular_override: null,
      last_used: null,
    });
    const firstUses = [...use(id, s1, p1, 210), ...use(id, s1, p2, 230)];
    const lastUse = use(id, s2, p3);
    await spec.apply([...firstUses, ...lastUse]);
    expect(await entry(id)).toMatchObject({ store_count: 2, total_usage: 3, popularity_score: 23, is_popular: false, last_used: new Date(lastUse[0]!.metadata.at) });
    expect(await uses(id)).toEqual([
      { store_id: s1, product_id: p1, custom_price_cents: 210, usage_count: 1, status: 'active' },
      { store_id: s1, product_id: p2, custom_price_cents: 230, usage_count: 1, status: 'active' },
      { store_id: s2, product_id: p3, custom_price_cents: 210, usage_count: 1, status: 'active' },
    ]);
    await spec.apply(globalProduct(id, { type: 'EndGlobalProductUse', productId: p3 }));
    expect(await entry(id)).toMatchObject({ store_count: 1, total_usage: 2, popularity_score: 12 });
    expect((await uses(id))[2]).toMatchObject({ product_id: p3, status: 'ended' });
    // The product takes the barcode again: one more use of the same row.
    await spec.apply(use(id, s2, p3, 250));
    expect((await uses(id))[2]).toEqual({ store_id: s2, product_id: p3, custom_price_cents: 250, usage_count: 2, status: 'active' });
    expect(await entry(id)).toMatchObject({ store_count: 2, total_usage: 4, popularity_score: 24 });
  });

  it('is popular from five stores on, unless an admin decides otherwise', async () => {
    const id = randomUUID();
    await spec.apply(created(id, `81${Date.now()}`.slice(0, 13)));
    for (let n = 0; n < 5; n++) await spec.apply(use(id, randomUUID(), randomUUID()));
    expect(await entry(id)).toMatchObject({ store_count: 5, is_popular: true });
    await spec.apply(globalProduct(id, { type: 'CurateGlobalProduct', changes: { isPopular: false, name: 'Passata rustica', featured: true, status: 'inactive' } }));
    expect(await entry(id)).toMatchObject({ name: 'Passata rustica', featured: true, status: 'inactive', is_popular: false, popular_override: false });
    await spec.apply(globalProduct(id, { type: 'CurateGlobalProduct', changes: { isPopular: null } }));
    expect(await entry(id)).toMatchObject({ is_popular: true, popular_override: null, name: 'Passata rustica' });
  });

  it('marks a deleted entry, ending its uses; created again, it starts afresh', async () => {
    const id = randomUUID();
    const barcode = `82${Date.now()}`.slice(0, 13);
    const p1 = randomUUID();
    await spec.apply([
      ...created(id, barcode),
      ...use(id, randomUUID(), p1),
      ...globalProduct(id, { type: 'CurateGlobalProduct', changes: { featured: true, isPopular: true } }),
      ...globalProduct(id, { type: 'DeleteGlobalProduct' }),
    ]);
    expect(await entry(id)).toMatchObject({ is_deleted: true, store_count: 0, total_usage: 0, featured: true });
    expect(await uses(id)).toEqual([expect.objectContaining({ product_id: p1, status: 'ended' })]);
    await spec.apply(created(id, barcode));
    expect(await entry(id)).toMatchObject({ is_deleted: false, featured: false, is_popular: false, popular_override: null, status: 'active', store_count: 0 });
  });
});
