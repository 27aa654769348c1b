import { z } from 'zod';
import { api, del, get, idParams, patch, post } from '../../platform/http/contract.js';
import { euros } from '../../platform/http/money.js';
import { uuidParam } from '../../platform/http/schemas.js';
import { publicStore } from '../stores/contract.js';
import { paymentMethods } from '../orders/labels.js';
import { maxLineQuantity } from './cart.js';

const quantity = z.coerce
  .number({ error: 'Quantità: scrivi un numero.' })
  .int('La quantità deve essere un numero intero.')
  .min(1, 'La quantità minima è 1.')
  .max(maxLineQuantity, `La quantità massima è ${maxLineQuantity}.`);

/** One line of the cart, with its product as it is now. */
export const cartItem = z.object({
  id: z.uuid(),
  productId: z.uuid(),
  storeId: z.uuid(),
  quantity: z.number(),
  name: z.string(),
  price: euros,
  imageUrl: z.string().nullable(),
  stockQuantity: z.number(),
  /** The product is still on sale in an active shop. */
  available: z.boolean(),
  store: publicStore.pick({ id: true, name: true, slug: true }),
});
export type CartItem = z.infer<typeof cartItem>;

/** One shop of the cart: its lines and what it allows, so the checkout can explain it. */
export const cartStore = publicStore.pick({ id: true, name: true, slug: true, address: true, latitude: true, longitude: true, openingHours: true, openNow: true }).extend({
  subtotal: euros,
  items: z.array(cartItem),
  /** False while the shop has not stated its opening hours. */
  pickup: z.boolean(),
  shipping: z.object({
    enabled: z.boolean(),
    radiusKm: z.number(),
    cost: euros,
    freeFrom: euros.nullable(),
    /** How many more orders of the shop's plan period ship free from `freeFrom` (null: no limit); at 0 shipping is paid again. */
    freeOrdersLeft: z.number().int().nullable(),
    minimumOrder: euros.nullable(),
    note: z.string().nullable(),
  }),
  /** How an order there can be paid now: cash, and online what the shop and the platform take (stripe, paypal, sandbox). */
  paymentMethods: z.array(z.enum(paymentMethods)),
});
export type CartStore = z.infer<typeof cartStore>;

/** docs/api-orders.md `Cart`: every write answers the whole cart as it now is. */
export const cart = z.object({
  items: z.array(cartItem),
  stores: z.array(cartStore),
  itemCount: z.number(),
  subtotal: euros,
});
export type Cart = z.infer<typeof cart>;

/** The customer's cart (docs/api-orders.md "Cart"), kept across devices until checkout. */
export const cartApi = api('carrello', {
  get: get('/api/cart', 'Il carrello del cliente, con i negozi e ciò che ciascuno permette (ritiro, spedizione)', { 200: cart }),
  addItem: post(
    '/api/cart/items',
    'Aggiunge un prodotto al carrello (di nuovo: ne somma la quantità), entro la disponibilità',
    { 201: cart },
    {
      body: z.object({ productId: uuidParam, quantity: quantity.default(1) }),
    },
  ),
  changeItem: patch('/api/cart/items/:id', 'Cambia la quantità di una riga del carrello', { 200: cart }, { params: idParams, body: z.object({ quantity }) }),
  removeItem: del('/api/cart/items/:id', 'Toglie una riga dal carrello', { 200: cart }, { params: idParams }),
  clear: del('/api/cart', 'Svuota il carrello', { 200: cart }),
});
