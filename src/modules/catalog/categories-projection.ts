import type { CategoryEvent } from './categories.js';
import { byEventType, type Projection } from '../../platform/projections/projection.js';

export const categoriesProjection: Projection = {
  name: 'categories',
  title: 'Categorie',
  version: 1,
  tables: ['categories'],
  apply: byEventType<CategoryEvent>({
    CategoryCreated: (event, tx) => {
      const { id, fields: f } = event.data;
      return tx.query(
        `INSERT INTO categories (id, name, slug, description, icon, color, parent_id, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
        [id, f.name, f.slug, f.description, f.icon, f.color, f.parentId, f.sortOrder],
      );
    },
  }),
};
