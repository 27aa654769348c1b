import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { addToCart, changeCartItem, clearCart, removeCartItem } from './commands.js';
import { maxLineQuantity } from './cart.js';
import { offersPickup, shippingRadiusOf, shipsAtAll, type ShopTerms } from '../orders/delivery.js';
import { isOpen, romeClock } from '../stores/opening-hours.js';
import { commandContext } from '../../platform/http/command-context.js';
import { customerOnly, requireRole } from '../../platform/http/plugins/session.js';
import { uuidParam } from '../../platform/http/schemas.js';

const quantity = z.coerce
  .number({ error: 'Quantità: scrivi un numero.' })
  .int('La quantità deve essere un numero intero.')
  .min(1, 'La quantità minima è 1.')
  .max(maxLineQuantity, `La quantità massima è ${maxLineQuantity}.`);

interface LineRow extends ShopTerms {
  id: string;
  product_id: string;
  store_id: string;
  quantity: number;
  name: string;
  price: number;
  image_url: string | null;
  stock_quantity: number;
  available: boolean;
  store_name: string;
  store_slug: string;
  address: string;
  shipping_note: string | null;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** docs/api-orders.md `Cart`: the lines, and per shop what it allows, so checkout can explain it. */
export async function readCart(pool: pg.Pool, userId: string, now = new Date()) {
  const { rows } = await pool.query<LineRow>(
    `SELECT c.id, c.product_id, c.store_id, c.quantity, p.name, p.price, p.image_url, p.stock_quantity,
            (p.status = 'active' AND NOT p.is_deleted AND s.status = 'active') AS available,
            s.name AS store_name, s.slug AS store_slug, s.address, s.latitude, s.longitude, s.opening_hours AS "openingHours",
            s.delivery_radius AS "deliveryRadius", s.shipping_enabled AS "shippingEnabled", s.pickup_only AS "pickupOnly",
            s.shipping_radius AS "shippingRadius", s.minimum_order_for_shipping AS "minimumOrderForShipping",
            s.shipping_cost AS "shippingCost", s.free_shipping_threshold AS "freeShippingThreshold", s.shipping_note
     FROM cart_items c JOIN products p ON p.id = c.product_id JOIN stores s ON s.id = c.store_id
     WHERE c.user_id = $1 ORDER BY c.created_at, c.id`,
    [userId],
  );
  const clock = romeClock(now);
  const items = rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    storeId: r.store_id,
    quantity: r.quantity,
    name: r.name,
    price: r.price,
    imageUrl: r.image_url,
    stockQuantity: r.stock_quantity,
    available: r.available,
    store: { id: r.store_id, name: r.store_name, slug: r.store_slug },
  }));
  const stores = [...new Map(rows.map((r) => [r.store_id, r])).values()].map((s) => {
    const lines = items.filter((i) => i.storeId === s.store_id);
    return {
      id: s.store_id,
      name: s.store_name,
      slug: s.store_slug,
      address: s.address,
      latitude: s.latitude,
      longitude: s.longitude,
      openingHours: s.openingHours,
      openNow: isOpen(s.openingHours, clock),
      subtotal: cents(lines.reduce((sum, l) => sum + l.price * l.quantity, 0)),
      items: lines,
      pickup: offersPickup(s),
      shipping: {
        enabled: shipsAtAll(s),
        radiusKm: shippingRadiusOf(s),
        cost: s.shippingCost ?? 0,
        freeFrom: s.freeShippingThreshold,
        minimumOrder: s.minimumOrderForShipping,
        note: s.shipping_note,
      },
      paymentMethods: ['cash'],
    };
  });
  return {
    items,
    stores,
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
    subtotal: cents(stores.reduce((sum, s) => sum + s.subtotal, 0)),
  };
}

/** The customer's cart (docs/api-orders.md "Cart"): every write answers the cart as it now is. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get('/api/cart', { config: customerOnly }, async (request) => readCart(deps.pool, requireRole(request, 'customer').id));

  app.post(
    '/api/cart/items',
    { config: customerOnly, schema: { body: z.object({ productId: uuidParam, quantity: quantity.default(1) }) } },
    async (request, reply) => {
      const user = requireRole(request, 'customer');
      await request.settle(await addToCart(deps, user.id, request.body, commandContext(request)));
      return reply.status(201).send(await readCart(deps.pool, user.id));
    },
  );

  app.patch(
    '/api/cart/items/:id',
    { config: customerOnly, schema: { params: z.object({ id: uuidParam }), body: z.object({ quantity }) } },
    async (request) => {
      const user = requireRole(request, 'customer');
      await request.settle(await changeCartItem(deps, user.id, { itemId: request.params.id, quantity: request.body.quantity }, commandContext(request)));
      return readCart(deps.pool, user.id);
    },
  );

  app.delete('/api/cart/items/:id', { config: customerOnly, schema: { params: z.object({ id: uuidParam }) } }, async (request) => {
    const user = requireRole(request, 'customer');
    await request.settle(await removeCartItem(deps, user.id, request.params.id, commandContext(request)));
    return readCart(deps.pool, user.id);
  });

  app.delete('/api/cart', { config: customerOnly }, async (request) => {
    const user = requireRole(request, 'customer');
    await request.settle(await clearCart(deps, user.id, commandContext(request)));
    return readCart(deps.pool, user.id);
  });
};
