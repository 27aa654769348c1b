import { changeProduct } from '../modules/catalog/commands.js';
import type { Pool } from '../platform/db/pool.js';
import { systemContext } from '../platform/domain/context.js';
import type { EventStore, Position } from '../platform/eventstore/types.js';

/*
 * Two sales in the demo, so the Omnibus rule shows at once (issue [21]): Elettronica Tuscolana
 * lowers a price by a fifth and puts it on sale (its pages show the lowest price of the 30 days
 * before and the discount), and the Ferramenta Trastevere puts a product «in offerta» at the price
 * it always had, which the admin's «Offerte senza ribasso» lists. Once: nothing is done to a shop
 * that already has a product on sale.
 */

const sales: { shop: string; cut: number }[] = [
  { shop: 'elettronica-tuscolana', cut: 0.2 },
  { shop: 'ferramenta-trastevere', cut: 0 },
];

export async function seedDemoSales(deps: { store: EventStore; pool: Pool }): Promise<Position | null> {
  let last: Position | null = null;
  for (const { shop, cut } of sales) {
    const { rows } = await deps.pool.query<{ id: string; store_id: string; price_cents: number; any_on_sale: boolean }>(
      `SELECT p.id, p.store_id, p.price_cents, bool_or(p.on_sale) OVER () AS any_on_sale
       FROM products p JOIN stores s ON s.id = p.store_id
       WHERE s.slug = $1 AND NOT p.is_deleted ORDER BY p.created_at, p.name LIMIT 1`,
      [shop],
    );
    const product = rows[0];
    if (!product || product.any_on_sale) continue;
    // Down to a price a shop would write: to the ten cents.
    const priceCents = Math.round((product.price_cents * (1 - cut)) / 10) * 10;
    last = (await changeProduct(deps.store, product.id, product.store_id, { type: 'UpdateProduct', changes: { priceCents, onSale: true } }, systemContext())) ?? last;
  }
  return last;
}
