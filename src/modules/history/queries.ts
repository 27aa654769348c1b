import { z } from 'zod';
import { sql, type ReadDb } from '../../platform/db/read.js';
import { referenceTypes, type Reference } from './contract.js';

const named = z.object({ id: z.string(), type: z.enum(referenceTypes), name: z.string() });

/**
 * The names of the records these ids stand for, in one query whatever their kinds: a history page
 * shows "Pastificio Testaccio", not an id, and costs one round trip however many events it has.
 */
export async function namesOf(db: ReadDb, ids: Map<string, Reference['type']>): Promise<Map<string, Reference>> {
  if (ids.size === 0) return new Map();
  const of = (type: Reference['type'], memberType: 'uuid' | 'text' = 'uuid') =>
    sql.array(
      [...ids].filter(([, t]) => t === type).map(([id]) => id),
      memberType,
    );
  const rows = await db.any(sql.type(named)`
    SELECT id::text, 'user' AS type, name || ' (' || username || ')' AS name FROM users WHERE id = ANY (${of('user')})
    UNION ALL SELECT id::text, 'store', name FROM stores WHERE id = ANY (${of('store')})
    UNION ALL SELECT id::text, 'product', name FROM products WHERE id = ANY (${of('product')})
    UNION ALL SELECT id::text, 'global-product', name FROM global_products WHERE id = ANY (${of('global-product')})
    UNION ALL SELECT id::text, 'order', 'Ordine di ' || customer_name || ' da ' || store_name FROM orders WHERE id = ANY (${of('order')})
    UNION ALL SELECT slug, 'category', name FROM categories WHERE slug = ANY (${of('category', 'text')})`);
  return new Map(rows.map((r) => [r.id, { type: r.type, name: r.name }]));
}
