import { randomUUID } from 'node:crypto';
import { later, scenario, worldIds, worldStore } from '../../platform/testing/accepted-events.js';
import { storeDecider, storeStreamId, type StoreCommand, type StoreProfile } from './store.js';
import { sellerDecider, sellerStreamId, type SellerCommand } from './seller.js';

const slots = [{ open: '00:00', close: '23:59' }];
const alwaysOpen = { '0': slots, '1': slots, '2': slots, '3': slots, '4': slots, '5': slots, '6': slots };

const profile: StoreProfile = {
  name: worldStore.name,
  description: 'Pane e dolci',
  address: worldStore.address,
  phone: '+39 02 1234567',
  email: 'bottega@esempio.it',
  website: 'https://bottega.esempio.it',
  category: 'panetteria',
  storeType: 'retail',
  latitude: worldStore.latitude,
  longitude: worldStore.longitude,
  openingHours: alwaysOpen,
  deliveryRadius: 5,
  logo: null,
  images: [],
  showPhone: true,
  showEmail: true,
  showMap: true,
  shippingEnabled: true,
  pickupOnly: false,
  shippingRadius: 20,
  minimumOrderForShippingCents: 1500,
  shippingCostCents: 490,
  freeShippingThresholdCents: 5000,
  shippingNote: 'Consegna in giornata',
  onlinePaymentsEnabled: false,
  stripePaymentsEnabled: false,
  paypalPaymentsEnabled: false,
};

const day = 86_400_000;
const plan = randomUUID();

export const scenarios = [
  scenario<StoreCommand>(
    'stores',
    storeStreamId(randomUUID()),
    storeDecider,
    [],
    [{ type: 'CreateStore', storeId: randomUUID(), ownerId: worldIds.shopkeeper, slug: 'bottega-nuova', profile }],
  ),
  scenario<StoreCommand>(
    'store profile',
    storeStreamId(worldIds.store),
    storeDecider,
    [{ type: 'CreateStore', storeId: worldIds.store, ownerId: worldIds.shopkeeper, slug: 'bottega-di-prova', profile }, { type: 'ApproveStore' }],
    [
      { type: 'UpdateStore', changes: profile },
      { type: 'SuspendStore', reason: 'Controllo' },
      { type: 'ReactivateStore' },
      { type: 'SetStorePlan', packageId: plan, expiresAt: later(30 * day).toISOString() },
      { type: 'EndStorePlan', packageId: plan, now: later(31 * day) },
      {
        type: 'FollowPlans',
        plan: { packageId: plan, expiresAt: later(20 * day).toISOString() },
        allows: { shippingEnabled: true, onlinePaymentsEnabled: false, stripePaymentsEnabled: false, paypalPaymentsEnabled: false },
        shippingRadius: 15,
        reason: 'Acquisto rimborsato',
      },
    ],
    { world: true },
  ),
  // Hours are not required (spec §3): a store is created without them and states them later.
  scenario<StoreCommand>(
    'store without hours',
    storeStreamId(randomUUID()),
    storeDecider,
    [],
    [
      { type: 'CreateStore', storeId: randomUUID(), ownerId: worldIds.shopkeeper, slug: 'bottega-senza-orari', profile: { ...profile, openingHours: null } },
      { type: 'UpdateStore', changes: { openingHours: alwaysOpen } },
      { type: 'UpdateStore', changes: { openingHours: null } },
    ],
  ),
  // Who sells in the world's shop: a trader, checked, refused, declared again as a private seller (issue [21]).
  scenario<SellerCommand>(
    'store sellers',
    sellerStreamId(worldIds.store),
    sellerDecider,
    [{ type: 'DeclareSeller', storeId: worldIds.store, sellerType: 'trader', vatNumber: '01234567897', now: later(0) }],
    [
      { type: 'VerifySeller', now: later(0) },
      { type: 'RefuseSeller', reason: 'La partita IVA è di un’altra ditta', now: later(0) },
      { type: 'DeclareSeller', storeId: worldIds.store, sellerType: 'private', vatNumber: null, now: later(0) },
    ],
    { world: true },
  ),
];
