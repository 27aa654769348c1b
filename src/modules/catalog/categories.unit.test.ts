import { describe, it } from 'vitest';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { categoryDecider, type CategoryEvent, type CategoryFields } from './categories.js';

const fields: CategoryFields = { name: 'Panetteria', slug: 'panetteria', description: 'Pane e focacce', icon: 'bakery_dining', color: '#C7843B', parentId: null, sortOrder: 2 };
const created: CategoryEvent = { type: 'CategoryCreated', data: { id: 'c1', fields } };
const spec = deciderSpec(categoryDecider);

describe('category decider', () => {
  it('creates a category once: created again at every start, it changes nothing', () => {
    spec.given([]).when({ type: 'CreateCategory', id: 'c1', fields }).then([created]);
    spec
      .given([created])
      .when({ type: 'CreateCategory', id: 'c1', fields: { ...fields, name: 'Forno' } })
      .thenNothing();
  });

  it('takes an order from 0 to 10000 only', () => {
    spec
      .given([])
      .when({ type: 'CreateCategory', id: 'c1', fields: { ...fields, sortOrder: 0 } })
      .then([{ type: 'CategoryCreated', data: { id: 'c1', fields: { ...fields, sortOrder: 0 } } }]);
    for (const sortOrder of [-1, 10_001, 1.5]) {
      spec
        .given([])
        .when({ type: 'CreateCategory', id: 'c1', fields: { ...fields, sortOrder } })
        .thenThrows({
          message: 'Ordine: un numero intero da 0 a 10000.',
          kind: 'rule',
        });
    }
  });
});
