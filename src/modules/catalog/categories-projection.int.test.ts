import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useProjection } from '../../../tests/support/projection.js';
import { EventLog } from '../../platform/testing/projection-spec.js';
import { categoryDecider, categoryStreamId, retailCategories, type CategoryFields } from './categories.js';
import { categoriesProjection } from './categories-projection.js';

const spec = useProjection(categoriesProjection);
const log = new EventLog();
const create = (id: string, fields: CategoryFields) => log.decide(categoryStreamId(id), categoryDecider, { type: 'CreateCategory', id, fields });

describe('categories projection', () => {
  it('adds each category once, with its parent and order', async () => {
    const [food, bakery] = [randomUUID(), randomUUID()];
    const parent = { ...retailCategories[0]!, parentId: null };
    const child = { ...retailCategories[1]!, parentId: food };
    const created = [...create(food, parent), ...create(bakery, child)];
    await spec.apply(created);
    // Applied again (a replay), nothing changes.
    await spec.apply(created);
    expect(await spec.rows('SELECT id, name, slug, description, icon, color, parent_id, is_active, sort_order FROM categories ORDER BY sort_order')).toEqual([
      {
        id: food,
        name: 'Alimentari',
        slug: 'alimentari',
        description: parent.description,
        icon: 'shopping_basket',
        color: '#E6A700',
        parent_id: null,
        is_active: true,
        sort_order: 1,
      },
      {
        id: bakery,
        name: 'Panetteria e pasticceria',
        slug: 'panetteria',
        description: child.description,
        icon: 'bakery_dining',
        color: '#C7843B',
        parent_id: food,
        is_active: true,
        sort_order: 2,
      },
    ]);
  });
});
