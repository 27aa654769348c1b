import { describe, expect, it } from 'vitest';
import { referencedIds } from './shown.js';

const shop = '5e0c1b8e-0000-4000-8000-000000000001';
const person = '5e0c1b8e-0000-4000-8000-000000000002';

describe('the ids an event names, for the history to name them', () => {
  it('takes a payment account’s holder for a shop, or for a person when it is a collaborator’s', () => {
    expect(referencedIds({ holderKind: 'store', holderId: shop, provider: 'stripe' }, new Map())).toEqual(new Map([[shop, 'store']]));
    expect(referencedIds({ holderKind: 'collaborator', holderId: person, provider: 'stripe' }, new Map())).toEqual(new Map([[person, 'user']]));
    // A payment's payee, within its fields.
    expect(referencedIds({ payee: { holderKind: 'store', holderId: shop }, userId: person }, new Map())).toEqual(
      new Map([
        [shop, 'store'],
        [person, 'user'],
      ]),
    );
  });
});
