import { describe, expect, it } from 'vitest';
import { fold } from '../../platform/domain/decider.js';
import { storeDecider, type StoreCommand, type StoreEvent } from './decider.js';
import { slugify } from './slug.js';
import { demoShops } from '../../seed.js';

const profile = demoShops[0]!.profile;
const created: StoreEvent = {
  type: 'StoreCreated',
  data: { storeId: 's1', ownerId: 'u1', slug: 'bottega', profile },
};
const who = { ownerId: 'u1', name: profile.name };
const given = (...events: StoreEvent[]) => ({
  when: (command: StoreCommand) => storeDecider.decide(command, fold(storeDecider, events)),
});

describe('store decider', () => {
  it('approves a pending store, suspends an active one, reactivates a suspended one', () => {
    expect(given(created).when({ type: 'ApproveStore' })).toEqual([{ type: 'StoreApproved', data: who }]);
    const approved: StoreEvent = { type: 'StoreApproved', data: who };
    expect(given(created, approved).when({ type: 'SuspendStore', reason: 'Reclami' })).toEqual([
      { type: 'StoreSuspended', data: { ...who, reason: 'Reclami' } },
    ]);
    const suspended: StoreEvent = { type: 'StoreSuspended', data: { ...who, reason: 'Reclami' } };
    expect(given(created, approved, suspended).when({ type: 'ReactivateStore' })).toEqual([{ type: 'StoreReactivated', data: who }]);
  });

  it('refuses transitions that make no sense, in Italian', () => {
    expect(() => given(created).when({ type: 'ReactivateStore' })).toThrow('Solo un negozio sospeso può essere riattivato.');
    expect(() => given(created, { type: 'StoreApproved', data: who }).when({ type: 'ApproveStore' })).toThrow(
      'Solo un negozio in attesa può essere approvato.',
    );
    expect(() => given().when({ type: 'ApproveStore' })).toThrow('Negozio non trovato.');
  });
});

describe('store updates', () => {
  it('records only the fields that change', () => {
    expect(given(created).when({ type: 'UpdateStore', changes: { name: profile.name, phone: '+39 06 1234' } })).toEqual([
      { type: 'StoreUpdated', data: { changes: { phone: '+39 06 1234' } } },
    ]);
    expect(given(created).when({ type: 'UpdateStore', changes: { name: profile.name } })).toEqual([]);
  });
});

describe('slugify', () => {
  it('makes readable slugs', () => {
    expect(slugify('Bottega di Gianni')).toBe('bottega-di-gianni');
    expect(slugify("L'Antica Salumeria — Sant'Ambrogio")).toBe('lantica-salumeria-santambrogio');
    expect(slugify('Caffè Però & Co.')).toBe('caffe-pero-co');
    expect(slugify('!!!')).toBe('negozio');
  });
});
