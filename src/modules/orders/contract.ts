import { z } from 'zod';
import { endpoint, isoTime } from '../../platform/http/contract.js';
import { listQuerystring } from '../../platform/http/admin-rest-contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { emailField, requiredText, uuidParam } from '../../platform/http/schemas.js';

const tags = ['ordini'];

export const orderStatuses = ['pending', 'preparing', 'ready', 'shipping', 'completed', 'cancelled'] as const;
const orderStatus = z.enum(orderStatuses);
const paymentStatus = z.enum(['pending', 'paid', 'failed', 'refunded']);
const paymentMethod = z.enum(['cash', 'stripe', 'paypal']);
const deliveryType = z.enum(['pickup', 'shipping']);
const cancelledBy = z.enum(['customer', 'store', 'admin']);
const orderAction = z.enum(['accept', 'ready', 'ship', 'complete', 'cancel']);

const optionalNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label}: scrivi un numero.` })
    .min(min, `${label} non valida.`)
    .max(max, `${label} non valida.`)
    .nullish();

export const checkoutBody = z.object({
  customerName: requiredText('Nome', { max: 120 }),
  customerPhone: requiredText('Telefono', { max: 40 }).pipe(z.string().regex(/^\+?[0-9 ().-]{6,}$/, 'Numero di telefono non valido.')),
  customerEmail: emailField,
  // Each shop reads only its own note (stores[i].notes): one note for all went to every shop's order.
  notes: z.undefined({ error: 'Le note si scrivono per ciascun negozio: ognuno legge solo le sue.' }).optional(),
  paymentMethod: z.enum(['cash', 'stripe', 'paypal'], { error: 'Scegli un metodo di pagamento.' }),
  stores: z
    .array(
      z.object({
        storeId: uuidParam,
        deliveryType: z.enum(['pickup', 'shipping'], { error: 'Scegli ritiro in negozio o spedizione.' }),
        pickupTime: z.string({ error: 'Orario di ritiro non valido.' }).max(40, 'Orario di ritiro non valido.').nullish(),
        deliveryAddress: z.string({ error: 'Indirizzo: deve essere un testo.' }).trim().max(300, 'Indirizzo: al massimo 300 caratteri.').nullish(),
        deliveryLatitude: optionalNumber('Latitudine', -90, 90),
        deliveryLongitude: optionalNumber('Longitudine', -180, 180),
        notes: z.string({ error: 'Note: deve essere un testo.' }).max(1000, 'Note: al massimo 1000 caratteri.').optional(),
      }),
      { error: 'Scegli almeno un negozio.' },
    )
    .min(1, 'Scegli almeno un negozio.')
    .max(20, 'Al massimo 20 negozi per ordine.'),
});

/** The checkout's header: the same key again answers the same orders, never a second order. */
export const idempotencyKey = z
  .string({ error: 'Manca l’intestazione Idempotency-Key: serve a non creare due volte lo stesso ordine.' })
  .trim()
  .min(8, 'Idempotency-Key: almeno 8 caratteri.')
  .max(100, 'Idempotency-Key: al massimo 100 caratteri.');

/** The lists' filter and page (docs/api-orders.md): `?status=pending,preparing&page=2&pageSize=20`. */
const listQuery = z.object({
  status: z
    .string({ error: 'Stato: scrivi gli stati separati da virgole (es. pending,preparing).' })
    .optional()
    .transform((s) => (s ? s.split(',').map((x) => x.trim()).filter(Boolean) : []))
    .pipe(z.array(z.enum(orderStatuses, { error: 'Stato dell’ordine non valido.' }))),
  ...pageQuery(500),
});
export type OrderListQuery = z.output<typeof listQuery>;

/** One order placed by the checkout (the pickup code only for a pickup). */
export const placedOrder = z.object({
  id: z.uuid(),
  storeId: z.uuid(),
  status: orderStatus,
  subtotal: z.number(),
  shippingCost: z.number(),
  total: z.number(),
  pickupCode: z.string().optional(),
});
export type PlacedOrder = z.infer<typeof placedOrder>;

/** One line as sold: name and price of the moment of the order. */
export const orderLine = z.object({
  productId: z.uuid(),
  name: z.string(),
  price: z.number(),
  quantity: z.number(),
  lineTotal: z.number(),
});

/** One step of the order, with who made it. */
export const orderTimelineEntry = z.object({
  status: orderStatus,
  at: isoTime,
  by: z.object({ userId: z.string(), role: z.string().nullable() }).nullable(),
  note: z.string().nullable(),
});

/** An order's own fields, as every view of it shows them. */
const orderFields = {
  id: z.uuid(),
  userId: z.uuid(),
  storeId: z.uuid(),
  storeName: z.string(),
  status: orderStatus,
  paymentStatus,
  paymentMethod,
  subtotal: z.number(),
  shippingCost: z.number(),
  total: z.number(),
  deliveryType,
  deliveryAddress: z.string().nullable(),
  pickupTime: isoTime.nullable(),
  customerName: z.string(),
  customerPhone: z.string(),
  customerEmail: z.string(),
  notes: z.string(),
  cancelReason: z.string().nullable(),
  cancelledBy: cancelledBy.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
};

/** docs/api-orders.md `Order`, as the caller may see it (the pickup code is its customer's alone). */
export const order = z.object({
  ...orderFields,
  /** Null once the shop is gone. */
  storeSlug: z.string().nullable(),
  deliveryLatitude: z.number().nullable(),
  deliveryLongitude: z.number().nullable(),
  pickupCode: z.string().nullable(),
  items: z.array(orderLine),
  timeline: z.array(orderTimelineEntry),
  /** What the caller may do with it now. */
  allowedActions: z.array(orderAction),
});
export type Order = z.infer<typeof order>;

/** A line of `GET /api/orders/user`. */
export const customerOrderSummary = z.object({
  id: z.uuid(),
  storeId: z.uuid(),
  storeName: z.string(),
  total: z.number(),
  status: orderStatus,
  paymentStatus,
  deliveryType,
  itemCount: z.number(),
  createdAt: isoTime,
});

/** A line of `GET /api/orders/store/{id}`. */
export const storeOrderSummary = z.object({
  id: z.uuid(),
  customerName: z.string(),
  total: z.number(),
  status: orderStatus,
  paymentMethod,
  paymentStatus,
  deliveryType,
  pickupTime: isoTime.nullable(),
  itemCount: z.number(),
  createdAt: isoTime,
});

/** How many orders there are, in all and in each state (every state named). */
const orderCounts = { count: z.number(), byStatus: z.record(orderStatus, z.number()) };
export const customerOrderTotals = z.object({
  ...orderCounts,
  /** The totals of the orders not cancelled. */
  spent: z.number(),
});
export const shopOrderTotals = z.object({
  ...orderCounts,
  /** Orders created this month on Rome's calendar, and the sum of their totals. */
  thisMonth: z.object({ orders: z.number(), revenue: z.number() }),
});

/** An order in the admin's list: the `Order` without items, timeline and pickup code. */
export const adminOrderRow = z.object({ ...orderFields, itemCount: z.number() });
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

const orderParams = z.object({ id: uuidParam });
const storeParams = z.object({ storeId: uuidParam });
const anyBody = z.object({}).passthrough();
/** A move of the order (its body optional), answering the order as it now is. */
const move = <const A extends string, B extends z.ZodType>(action: A, summary: string, body: B) =>
  endpoint('POST', `/api/orders/:id/${action}`, { summary, tags, params: orderParams, body: body.nullish(), response: { 200: order } });

/** Spec §7 orders: checkout, the two lists, one order and its moves (docs/api-orders.md). */
export const ordersApi = {
  checkout: endpoint('POST', '/api/orders/checkout', {
    summary: 'Trasforma le righe del carrello dei negozi scelti in un ordine per negozio (intestazione Idempotency-Key)',
    tags,
    body: checkoutBody,
    response: { 201: z.object({ orders: z.array(placedOrder) }) },
  }),
  customerList: endpoint('GET', '/api/orders/user', {
    summary: 'Gli ordini del cliente, dal più recente, per stato e a pagine (X-Total-Count)',
    tags,
    querystring: listQuery,
    response: { 200: z.array(customerOrderSummary) },
  }),
  customerTotals: endpoint('GET', '/api/orders/user/summary', {
    summary: 'Quanti ordini ha il cliente in ogni stato, e quanto ha speso',
    tags,
    response: { 200: customerOrderTotals },
  }),
  storeList: endpoint('GET', '/api/orders/store/:storeId', {
    summary: 'Gli ordini ricevuti da un negozio, dal più recente, per stato e a pagine (X-Total-Count)',
    tags,
    params: storeParams,
    querystring: listQuery,
    response: { 200: z.array(storeOrderSummary) },
  }),
  storeTotals: endpoint('GET', '/api/orders/store/:storeId/summary', {
    summary: 'Quanti ordini ha un negozio in ogni stato, e gli ordini e l’incasso del mese',
    tags,
    params: storeParams,
    response: { 200: shopOrderTotals },
  }),
  get: endpoint('GET', '/api/orders/:id', {
    summary: 'Un ordine, con le righe, la cronologia e ciò che chi chiede può farne',
    tags,
    params: orderParams,
    response: { 200: order },
  }),
  accept: move('accept', 'Il negozio accetta l’ordine e lo prepara', anyBody),
  ready: move('ready', 'Il negozio segna l’ordine come pronto', anyBody),
  ship: move('ship', 'Il negozio spedisce l’ordine', anyBody),
  complete: move(
    'complete',
    'Il negozio completa l’ordine (il ritiro chiede il codice del cliente): l’ordine è pagato',
    z.object({ pickupCode: z.string({ error: 'Codice di ritiro: deve essere un testo.' }).max(20, 'Codice di ritiro non valido.').optional() }),
  ),
  cancel: move(
    'cancel',
    'Annulla l’ordine (il cliente finché è in attesa, il negozio con un motivo) e rimette in vendita i pezzi',
    z.object({ reason: z.string({ error: 'Motivo: deve essere un testo.' }).max(500, 'Motivo: al massimo 500 caratteri.').optional() }),
  ),
  adminList: endpoint('GET', '/api/admin/orders', {
    summary: 'Tutti gli ordini, per l’amministrazione: filtri, ordinamento e intervallo (Content-Range)',
    tags,
    querystring: listQuerystring,
    response: { 200: z.array(adminOrderRow) },
  }),
  adminGet: endpoint('GET', '/api/admin/orders/:id', {
    summary: 'Un ordine intero, per l’amministrazione',
    tags,
    params: orderParams,
    response: { 200: order },
  }),
};
