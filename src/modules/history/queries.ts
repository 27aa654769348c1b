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
  // A stock hold names its order or reservation as `order:<id>`, `reservation:<id>`: read by that id, named as the hold.
  const recordId = (id: string) => id.slice(id.indexOf(':') + 1);
  const of = (type: Reference['type'], memberType: 'uuid' | 'text' = 'uuid') =>
    sql.array(
      [...ids].filter(([, t]) => t === type).map(([id]) => (memberType === 'uuid' ? recordId(id) : id)),
      memberType,
    );
  const rows = await db.any(sql.type(named)`
    SELECT id::text, 'user' AS type, name || ' (' || username || ')' AS name FROM users WHERE id = ANY (${of('user')})
    UNION ALL SELECT id::text, 'store', name FROM stores WHERE id = ANY (${of('store')})
    UNION ALL SELECT id::text, 'product', name FROM products WHERE id = ANY (${of('product')})
    UNION ALL SELECT id::text, 'global-product', name FROM global_products WHERE id = ANY (${of('global-product')})
    UNION ALL SELECT id::text, 'order', 'Ordine di ' || customer_name || ' da ' || store_name FROM orders WHERE id = ANY (${of('order')})
    UNION ALL SELECT slug, 'category', name FROM categories WHERE slug = ANY (${of('category', 'text')})
    UNION ALL SELECT id::text, 'reservation', 'Prenotazione di ' || customer_name || ' (' || product_name || ')' FROM product_reservations WHERE id = ANY (${of('reservation')})
    UNION ALL SELECT id::text, 'assignment', 'Incarico di ' || collaborator_name || ' da ' || store_name FROM collaborator_assignments WHERE id = ANY (${of('assignment')})
    UNION ALL SELECT id::text, 'collaboration-request', 'Richiesta di ' || store_name FROM collaboration_requests WHERE id = ANY (${of('collaboration-request')})
    UNION ALL SELECT u.id::text, 'package-unlock', 'Sblocco del pacchetto per ' || s.name FROM package_unlocks u JOIN stores s ON s.id = u.store_id WHERE u.id = ANY (${of('package-unlock')})
    UNION ALL SELECT id::text, 'collaboration-session', 'Sessione di ' || collaborator_name || ' da ' || store_name FROM collaboration_sessions WHERE id = ANY (${of('collaboration-session')})
    UNION ALL SELECT id::text, 'task', title FROM tasks WHERE id = ANY (${of('task')})
    UNION ALL SELECT id::text, 'complaint', title FROM complaints WHERE id = ANY (${of('complaint')})
    UNION ALL SELECT id::text, 'report', title FROM collaboration_reports WHERE id = ANY (${of('report')})
    UNION ALL SELECT id::text, 'review', 'Recensione di ' || reviewer_name FROM reviews WHERE id = ANY (${of('review')})
    UNION ALL SELECT id::text, 'payment', description FROM payment_transactions WHERE id = ANY (${of('payment')})
    UNION ALL SELECT id::text, 'package', name FROM packages WHERE id = ANY (${of('package')})`);
  const byId = new Map(rows.map((r) => [`${r.type} ${r.id}`, { type: r.type, name: r.name }]));
  return new Map(
    [...ids].flatMap(([id, type]) => {
      const named = byId.get(`${type} ${type === 'category' ? id : recordId(id)}`);
      return named ? [[id, named]] : [];
    }),
  );
}
