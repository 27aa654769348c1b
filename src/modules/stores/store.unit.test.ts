import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { storeDecider, type StoreCommand, type StoreEvent } from './store.js';
import { slugify } from './slug.js';
import { demoShops } from '../../seed.js';

const profile = demoShops[0]!.profile;
const created: StoreEvent = {
  type: 'StoreCreated',
  data: { storeId: 's1', ownerId: 'u1', slug: 'bottega', profile },
};
const who = { ownerId: 'u1', name: profile.name };
const spec = deciderSpec(storeDecider);

describe('store decider', () => {
  it('creates a store once', () => {
    spec.given([]).when({ type: 'CreateStore', storeId: 's1', ownerId: 'u1', slug: 'bottega', profile }).then([created]);
    spec.given([created]).when({ type: 'CreateStore', storeId: 's1', ownerId: 'u1', slug: 'bottega', profile }).thenThrows({
      message: 'Il negozio esiste già.',
      kind: 'conflict',
    });
  });

  it('approves a pending store, suspends an active one, reactivates a suspended one', () => {
    spec
      .given([created])
      .when({ type: 'ApproveStore' })
      .then([{ type: 'StoreApproved', data: who }]);
    const approved: StoreEvent = { type: 'StoreApproved', data: who };
    spec
      .given([created, approved])
      .when({ type: 'SuspendStore', reason: 'Reclami' })
      .then([{ type: 'StoreSuspended', data: { ...who, reason: 'Reclami' } }]);
    const suspended: StoreEvent = { type: 'StoreSuspended', data: { ...who, reason: 'Reclami' } };
    spec
      .given([created, approved, suspended])
      .when({ type: 'ReactivateStore' })
      .then([{ type: 'StoreReactivated', data: who }]);
  });

  it('refuses transitions that make no sense, in Italian', () => {
    spec.given([created]).when({ type: 'ReactivateStore' }).thenThrows('Solo un negozio sospeso può essere riattivato.');
    spec
      .given([created, { type: 'StoreApproved', data: who }])
      .when({ type: 'ApproveStore' })
      .thenThrows('Solo un negozio in attesa può essere approvato.');
    spec.given([]).when({ type: 'ApproveStore' }).thenThrows('Negozio non trovato.');
    spec
      .given([created, { type: 'StoreSuspended', data: { ...who, reason: 'Reclami' } }])
      .when({ type: 'SuspendStore', reason: 'Ancora' })
      .thenThrows({
        message: 'Il negozio è già sospeso.',
        kind: 'rule',
      });
  });
});

describe('store updates', () => {
  it('records only the fields that change', () => {
    spec
      .given([created])
      .when({ type: 'UpdateStore', changes: { name: profile.name, phone: '+39 06 1234' } })
      .then([{ type: 'StoreUpdated', data: { changes: { phone: '+39 06 1234' } } }]);
    spec
      .given([created])
      .when({ type: 'UpdateStore', changes: { name: profile.name } })
      .thenNothing();
  });

  it('compares with the profile as updated, and names the new name in later status events', () => {
    const renamed: StoreEvent = { type: 'StoreUpdated', data: { changes: { name: 'Bottega Nuova' } } };
    spec
      .given([created, renamed])
      .when({ type: 'UpdateStore', changes: { name: 'Bottega Nuova' } })
      .thenNothing();
    spec
      .given([created, renamed])
      .when({ type: 'ApproveStore' })
      .then([{ type: 'StoreApproved', data: { ownerId: 'u1', name: 'Bottega Nuova' } }]);
  });

  it('refuses a latitude out of range, checked with the longitude the shop keeps', () => {
    spec
      .given([created])
      .when({ type: 'UpdateStore', changes: { latitude: 91 } })
      .thenThrows({ kind: 'rule' });
  });
});

describe('slugify', () => {
  it.each([
    ['Bottega di Gianni', 'bottega-di-gianni'],
    ["L'Antica Salumeria — Sant'Ambrogio", 'lantica-salumeria-santambrogio'],
    ['Caffè Però & Co.', 'caffe-pero-co'],
    ['!!!', 'negozio'],
  ])('makes a readable slug of «%s»: %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('a store’s plan', () => {
  const plan: StoreEvent = { type: 'StorePlanChanged', data: { packageId: 'p1', expiresAt: '2026-12-01T10:00:00.000Z' } };
  const shipping: StoreEvent = {
    type: 'StoreUpdated',
    data: { changes: { shippingEnabled: true, onlinePaymentsEnabled: true, stripePaymentsEnabled: false, paypalPaymentsEnabled: false } },
  };

  it('follows the purchase, and ends at its expiry switching off only what was on', () => {
    spec.given([created]).when({ type: 'SetStorePlan', packageId: 'p1', expiresAt: '2026-12-01T10:00:00.000Z' }).then([plan]);
    spec.given([created, plan]).when({ type: 'SetStorePlan', packageId: 'p1', expiresAt: '2026-12-01T10:00:00.000Z' }).thenNothing();
    spec
      .given([created, plan, shipping])
      .when({ type: 'EndStorePlan', packageId: 'p1', now: new Date('2026-12-01T10:00:00.000Z') })
      .then([{ type: 'StorePlanEnded', data: { ...who, packageId: 'p1', switchedOff: { shippingEnabled: false, onlinePaymentsEnabled: false } } }]);
  });

  it('is not ended early, nor when another plan or a renewal replaced it', () => {
    spec
      .given([created, plan])
      .when({ type: 'EndStorePlan', packageId: 'p1', now: new Date('2026-11-30T10:00:00.000Z') })
      .thenNothing();
    spec
      .given([created, plan])
      .when({ type: 'EndStorePlan', packageId: 'p2', now: new Date('2026-12-02T10:00:00.000Z') })
      .thenNothing();
    const renewed: StoreEvent = { type: 'StorePlanChanged', data: { packageId: 'p1', expiresAt: '2026-12-31T10:00:00.000Z' } };
    spec
      .given([created, plan, renewed])
      .when({ type: 'EndStorePlan', packageId: 'p1', now: new Date('2026-12-02T10:00:00.000Z') })
      .thenNothing();
  });

  it('follows the plans that remain when a purchase is taken back: what they do not allow switches off, once', () => {
    const allows = { shippingEnabled: false, onlinePaymentsEnabled: true, stripePaymentsEnabled: true, paypalPaymentsEnabled: true };
    const remaining = { packageId: 'p2', expiresAt: '2026-12-20T10:00:00.000Z' };
    const revised: StoreEvent = { type: 'StorePlanRevised', data: { ...who, plan: remaining, changes: { shippingEnabled: false }, reason: 'Acquisto rimborsato' } };
    const follow = (over: Partial<Extract<StoreCommand, { type: 'FollowPlans' }>> = {}): StoreCommand => ({
      type: 'FollowPlans',
      plan: remaining,
      allows,
      shippingRadius: null,
      reason: 'Acquisto rimborsato',
      ...over,
    });
    spec.given([created, plan, shipping]).when(follow()).then([revised]);
    spec.given([created, plan, shipping, revised]).when(follow()).thenNothing();
    const none = { shippingEnabled: false, onlinePaymentsEnabled: false, stripePaymentsEnabled: false, paypalPaymentsEnabled: false };
    spec
      .given([created, plan, shipping])
      .when(follow({ plan: null, allows: none }))
      .then([{ type: 'StorePlanRevised', data: { ...who, plan: null, changes: { shippingEnabled: false, onlinePaymentsEnabled: false }, reason: 'Acquisto rimborsato' } }]);
    // The purchase taken back was not the one the store runs on, and the others allow what is on: nothing changes.
    const same = { plan: { packageId: 'p1', expiresAt: '2026-12-01T10:00:00.000Z' }, allows: { ...allows, shippingEnabled: true } };
    spec.given([created, plan, shipping]).when(follow(same)).thenNothing();
    // Shipping kept comes within the remaining plans' radius.
    const wide: StoreEvent = { type: 'StoreUpdated', data: { changes: { shippingRadius: 25 } } };
    spec
      .given([created, plan, shipping, wide])
      .when(follow({ ...same, shippingRadius: 15 }))
      .then([{ type: 'StorePlanRevised', data: { ...who, plan: same.plan, changes: { shippingRadius: 15 }, reason: 'Acquisto rimborsato' } }]);
    spec
      .given([created, plan, shipping, wide])
      .when(follow({ ...same, shippingRadius: 30 }))
      .thenNothing();
  });

  it('runs until a time the read model stores, and ships within a radius it stores (issue [16])', () => {
    const message = 'Scadenza del piano: data e ora non valide.';
    spec.given([created]).when({ type: 'SetStorePlan', packageId: 'p1', expiresAt: '+275760-09-13T00:00:00.000Z' }).thenThrows(DomainError, { kind: 'rule', message });
    const allows = { shippingEnabled: true, onlinePaymentsEnabled: false, stripePaymentsEnabled: false, paypalPaymentsEnabled: false };
    spec
      .given([created, plan])
      .when({ type: 'FollowPlans', plan: { packageId: 'p2', expiresAt: '0000-12-31T23:59:59.999Z' }, allows, shippingRadius: null, reason: 'x' })
      .thenThrows(DomainError, { kind: 'rule', message });
    spec
      .given([created, plan])
      .when({ type: 'FollowPlans', plan: null, allows, shippingRadius: 1e300, reason: 'x' })
      .thenThrows(DomainError, { kind: 'rule', message: 'Raggio di spedizione (km): un valore da 0 a 500.' });
  });
});
