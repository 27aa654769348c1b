import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { demoShops } from '../../seed.js';
import { storeDecider, storeStreamId, type StoreCommand, type StoreProfile } from './store.js';
import { storesProjection } from './projection.js';

const spec = useProjection(storesProjection);
const log = new EventLog();
const profile: StoreProfile = { ...demoShops[0]!.profile, name: 'Bottega Zafferano', description: 'Spezie rarissime e tisane' };
const store = (storeId: string, command: StoreCommand) => log.decide(storeStreamId(storeId), storeDecider, command);

const row = async (id: string) =>
  (
    await spec.rows(
      `SELECT owner_id, slug, name, description, phone, opening_hours, images, latitude, longitude, shipping_cost_cents, status, status_reason,
         created_at, updated_at FROM stores WHERE id = $1`,
      [id],
    )
  )[0];

describe('stores projection', () => {
  it('adds a store with its profile, pending, and the words of its name and description', async () => {
    const id = randomUUID();
    const ownerId = randomUUID();
    const [created] = store(id, { type: 'CreateStore', storeId: id, ownerId, slug: `zafferano-${id.slice(0, 6)}`, profile });
    await spec.apply([created!]);
    expect(await row(id)).toEqual({
      owner_id: ownerId,
      slug: `zafferano-${id.slice(0, 6)}`,
      name: 'Bottega Zafferano',
      description: 'Spezie rarissime e tisane',
      phone: profile.phone,
      opening_hours: profile.openingHours,
      images: profile.images,
      latitude: profile.latitude,
      longitude: profile.longitude,
      shipping_cost_cents: profile.shippingCostCents,
      status: 'pending',
      status_reason: null,
      created_at: new Date(created!.metadata.at),
      updated_at: new Date(created!.metadata.at),
    });
    const words = await spec.rows<{ word: string }>('SELECT word FROM store_words ORDER BY word');
    expect(words.map((w) => w.word)).toEqual(expect.arrayContaining(['bottega', 'zafferano', 'spezie', 'rarissime', 'tisane']));
  });

  it('updates only the fields changed, takes new words, and keeps hours not given as NULL', async () => {
    const id = randomUUID();
    const created = store(id, { type: 'CreateStore', storeId: id, ownerId: randomUUID(), slug: `ore-${id.slice(0, 6)}`, profile: { ...profile, openingHours: null } });
    const updated = store(id, { type: 'UpdateStore', changes: { name: 'Bottega Cardamomo', phone: null, shippingCostCents: 350 } });
    await spec.apply([...created, ...updated]);
    expect(await row(id)).toMatchObject({
      name: 'Bottega Cardamomo',
      description: 'Spezie rarissime e tisane',
      phone: null,
      shipping_cost_cents: 350,
      opening_hours: null,
      updated_at: new Date(updated[0]!.metadata.at),
    });
    expect(await spec.rows('SELECT opening_hours IS NULL AS none FROM stores WHERE id = $1', [id])).toEqual([{ none: true }]);
    expect(await spec.rows("SELECT word FROM store_words WHERE word = 'cardamomo'")).toEqual([{ word: 'cardamomo' }]);
  });

  it('moves the status: approved, suspended with its reason, reactivated without it', async () => {
    const id = randomUUID();
    await spec.apply([...store(id, { type: 'CreateStore', storeId: id, ownerId: randomUUID(), slug: `stato-${id.slice(0, 6)}`, profile }), ...store(id, { type: 'ApproveStore' })]);
    expect(await row(id)).toMatchObject({ status: 'active', status_reason: null });
    await spec.apply(store(id, { type: 'SuspendStore', reason: 'Reclami ripetuti' }));
    expect(await row(id)).toMatchObject({ status: 'suspended', status_reason: 'Reclami ripetuti' });
    await spec.apply(store(id, { type: 'ReactivateStore' }));
    expect(await row(id)).toMatchObject({ status: 'active', status_reason: null });
  });
});
