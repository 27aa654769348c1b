import { z } from 'zod';
import type { Pool } from '../../platform/db/pool.js';
import { column, sql, type ReadDb } from '../../platform/db/read.js';
import { centsRow } from '../../platform/http/money.js';
import { freeShippingOrdersLeft } from '../packages/free-shipping.js';
import { offersPickup, paymentMethodsOf, shippingOfferOf } from '../orders/delivery.js';
import type { OnlinePaymentMethod } from '../orders/order.js';
import { isOpen, romeClock } from '../stores/opening-hours.js';
import { shippingAndPayments, shippingInCents, store } from '../stores/contract.js';
import type { Cart } from './contract.js';

/** A cart line with its product, and its shop: where it is and its terms as the stores table holds them (amounts in cents). */
const lineRow = z
  .object({
    id: column.uuid,
    product_id: column.uuid,
    store_id: column.uuid,
    quantity: z.number(),
    name: z.string(),
    price_cents: z.number(),
    image_url: z.string().nullable(),
    stock_quantity: z.number(),
    available: z.boolean(),
    store_name: z.string(),
    store_slug: z.string(),
    /** The providers whose account of the shop takes payments now (payments' payment_accounts). */
    accountsReady: z.array(z.string()),
  })
  .extend(store.pick({ address: true, latitude: true, longitude: true, openingHours: true, deliveryRadius: true }).shape)
  .extend(centsRow(shippingAndPayments).shape);

/**
 * docs/api-orders.md `Cart`: the lines, and per shop what it allows (pickup, shipping, how it is
 * paid, among the providers the platform takes now: `online`), so checkout can explain it; amounts
 * in cents (the contract answers euros).
 */
export async function readCart({ db, pool }: { db: ReadDb; pool: Pool }, userId: string, online: ReadonlySet<OnlinePaymentMethod> = new Set(), now = new Date()): Promise<Cart> {
  const rows = await db.any(sql.type(lineRow)`
    SELECT c.id, c.product_id, c.store_id, c.quantity, p.name, p.price_cents, p.image_url, p.stock_quantity,
           (p.status = 'active' AND NOT p.is_deleted AND s.status = 'active') AS available,
           s.name AS store_name, s.slug AS store_slug, s.address, s.latitude, s.longitude, s.opening_hours AS "openingHours",
           s.delivery_radius AS "deliveryRadius", s.shipping_enabled AS "shippingEnabled", s.pickup_only AS "pickupOnly",
           s.shipping_radius AS "shippingRadius", s.minimum_order_for_shipping_cents AS "minimumOrderForShipping",
           s.shipping_cost_cents AS "shippingCost", s.free_shipping_threshold_cents AS "freeShippingThreshold", s.shipping_note AS "shippingNote",
           s.online_payments_enabled AS "onlinePaymentsEnabled", s.stripe_payments_enabled AS "stripePaymentsEnabled", s.paypal_payments_enabled AS "paypalPaymentsEnabled",
           ARRAY(SELECT a.provider FROM payment_accounts a WHERE a.holder_kind = 'store' AND a.holder_id = s.id AND a.charges_enabled ORDER BY a.provider) AS "accountsReady"
    FROM cart_items c JOIN products p ON p.id = c.product_id JOIN stores s ON s.id = c.store_id
    WHERE c.user_id = ${userId} ORDER BY c.created_at, c.id`);
  const freeLeft = await freeShippingOrdersLeft(pool, [...new Set(rows.map((r) => r.store_id))], now);
  const clock = romeClock(now);
  const items = rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    storeId: r.store_id,
    quantity: r.quantity,
    name: r.name,
    price: r.price_cents,
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
      subtotal: lines.reduce((sum, l) => sum + l.price * l.quantity, 0),
      items: lines,
      pickup: offersPickup(s),
      shipping: { ...shippingOfferOf({ ...shippingInCents(s), freeShippingOrdersLeft: freeLeft.get(s.store_id) ?? null }), note: s.shippingNote },
      paymentMethods: paymentMethodsOf(s, online),
    };
  });
  return {
    items,
    stores,
    itemCount: items.reduce((n, i) => n + i.quantity, 0),
    subtotal: stores.reduce((sum, s) => sum + s.subtotal, 0),
  };
}

const productOnSaleRow = z.object({ storeId: column.uuid, stock: z.number(), name: z.string() });
export type ProductOnSale = z.infer<typeof productOnSaleRow>;

/** The product as the cart needs it: on sale, in an active shop; null when it is not. */
export async function productOnSale(db: ReadDb, productId: string): Promise<ProductOnSale | null> {
  return db.maybeOne(sql.type(productOnSaleRow)`
    SELECT store_id AS "storeId", stock_quantity AS stock, name
    FROM products WHERE id = ${productId} AND status = 'active' AND NOT is_deleted AND store_active`);
}
